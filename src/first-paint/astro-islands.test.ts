import { describe, expect, it } from 'vitest';
import { hoistIslandStyles } from './island-styles.ts';

const rule = 'astro-island,astro-slot,astro-static-slot{display:contents}';

describe('hoistIslandStyles', () => {
  it('moves the island style from the body to the end of the head', () => {
    const html = `<html><head><title>t</title></head><body><a>x</a><style>${rule}</style><script>1</script><astro-island></astro-island></body></html>`;
    expect(hoistIslandStyles(html)).toBe(
      `<html><head><title>t</title><style>${rule}</style></head><body><a>x</a><script>1</script><astro-island></astro-island></body></html>`,
    );
  });

  it('keeps one copy when the body repeats it', () => {
    const html = `<head></head><body><style>${rule}</style><p></p><style>${rule}</style></body>`;
    expect(hoistIslandStyles(html)).toBe(`<head><style>${rule}</style></head><body><p></p></body>`);
  });

  it('leaves pages without islands, other styles and SVG styles alone', () => {
    const plain = '<head><style>p{color:red}</style></head><body><svg><style>.a{fill:red}</style></svg></body>';
    expect(hoistIslandStyles(plain)).toBe(plain);
  });
});
