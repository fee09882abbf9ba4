import { describe, expect, it } from 'vitest';
import { hoistIslandScripts } from './island-scripts.ts';

const directive = '(()=>{var y=1;(self.Astro||(self.Astro={})).interaction=y;window.dispatchEvent(new Event("astro:interaction"));})();';
const runtime = 'customElements.get("astro-island")||customElements.define("astro-island",f)';

describe('hoistIslandScripts', () => {
  it("moves Astro's island scripts from the body to the end of the head, in their order", () => {
    const html = `<html><head><title>t</title></head><body><header><script>${directive}</script><script>${runtime}</script><astro-island></astro-island></header><main><p>x</p></main></body></html>`;
    expect(hoistIslandScripts(html)).toBe(
      `<html><head><title>t</title><script>${directive}</script><script>${runtime}</script></head><body><header><astro-island></astro-island></header><main><p>x</p></main></body></html>`,
    );
  });

  it('leaves other scripts where they are, and pages without islands unchanged', () => {
    const html = '<html><head></head><body><script>console.log(1)</script><script type="module">import("/x.js")</script></body></html>';
    expect(hoistIslandScripts(html)).toBe(html);
  });
});
