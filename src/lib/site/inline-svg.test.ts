import { describe, expect, it } from 'vitest';
import { inlineSvg } from './inline-svg.ts';

describe('inlineSvg', () => {
  it('prints a public SVG as decorative inline markup at the given size, without its title', () => {
    const svg = inlineSvg('/images/logo-mark.svg', { width: 40, height: 40, class: 'size-10' }) ?? '';
    expect(svg).toMatch(/^<svg viewBox="0 0 48 48" width="40" height="40" class="size-10" aria-hidden="true">/);
    expect(svg).toContain('<circle');
    expect(svg).not.toMatch(/<title>|role="img"/);
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('leaves raster images to an <img>', () => {
    expect(inlineSvg('/images/social-card.jpg', { width: 10, height: 10 })).toBeUndefined();
  });
});
