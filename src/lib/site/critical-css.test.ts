import { describe, expect, it } from 'vitest';
import { criticalCss, vocabularyOf } from './critical-css.ts';

const page = (html: string) => vocabularyOf(`<html><head></head><body>${html}</body></html>`);

describe('vocabularyOf', () => {
  it('collects class names (entities decoded) and element names', () => {
    const words = page('<p class="mt-4 w-[min(20rem,85vw)] data-[x=&quot;a&quot;]:block">x</p><svg><path/></svg>');
    expect([...words.classes]).toEqual(['mt-4', 'w-[min(20rem,85vw)]', 'data-[x="a"]:block']);
    expect(words.elements.has('svg') && words.elements.has('path') && words.elements.has('p')).toBe(true);
  });
});

describe('criticalCss', () => {
  it('keeps the rules of classes the page uses and drops the others', () => {
    const css = '.mt-4{margin-top:1rem}.mt-8{margin-top:2rem}.hover\\:underline:hover{text-decoration:underline}';
    expect(criticalCss(css, page('<p class="mt-4 hover:underline">x</p>'))).toBe('.mt-4{margin-top:1rem}.hover\\:underline:hover{text-decoration:underline}');
  });

  it('keeps only the selectors of a list that can match', () => {
    expect(criticalCss('.a,.b,p{color:red}', page('<p class="b">x</p>'))).toBe('.b,p{color:red}');
  });

  it('drops rules for elements the page lacks but keeps html and body rules', () => {
    const css = 'html{color:red}body{margin:0}table{border-collapse:collapse}p{margin:0}';
    expect(criticalCss(css, page('<p>x</p>'))).toBe('html{color:red}body{margin:0}p{margin:0}');
  });

  it("drops the rules of form fields' own pseudo-elements on a page without fields", () => {
    const css = '::placeholder{opacity:1}::-webkit-datetime-edit-year-field{padding-block:0}::file-selector-button{margin:0}::before{content:""}';
    expect(criticalCss(css, page('<p>x</p>'))).toBe('::before{content:""}');
    expect(criticalCss(css, page('<textarea></textarea>'))).toBe('::placeholder{opacity:1}::before{content:""}');
    expect(criticalCss(css, page('<input type="date">'))).toBe(css);
  });

  it('needs one alternative of :is() or :where() and never judges :not()', () => {
    const css = ':where(.space-y-4>:not(:last-child)){margin-bottom:1rem}:is(.x,.y) a{color:red}.c:not(.absent){color:blue}';
    expect(criticalCss(css, page('<div class="space-y-4 y c"><a>x</a></div>'))).toBe(css);
    expect(criticalCss(css, page('<div><a>x</a></div>'))).toBe('');
  });

  it('is one line, so every checker hashes it as browsers do', () => {
    expect(criticalCss('/*! notice */\n.a,\n.b{color:red}\n', page('<p class="a b">x</p>'))).toBe('/*! notice */ .a,.b{color:red}');
  });

  it('leaves out the rules for browsers without JavaScript, which load the whole stylesheet', () => {
    const css = '.p-2{padding:.5rem}@media (scripting:none){.noscript\\:block{display:block}}';
    expect(criticalCss(css, page('<p class="p-2 noscript:block">x</p>'))).toBe('.p-2{padding:.5rem}');
  });

  it('keeps media and supports blocks only around kept rules', () => {
    const css = '@media (min-width:40rem){.sm\\:flex{display:flex}.sm\\:grid{display:grid}}@supports (display:grid){.g{display:grid}}';
    expect(criticalCss(css, page('<div class="sm:flex">x</div>'))).toBe('@media (min-width:40rem){.sm\\:flex{display:flex}}');
  });

  it('keeps the cascade layers in the stylesheet order even when a layer is left empty', () => {
    const css = '@layer theme{:root{--c:red}}@layer components{.btn{color:var(--c)}}@layer utilities{.p-2{padding:.5rem}}';
    expect(criticalCss(css, page('<p class="p-2">x</p>'))).toBe('@layer theme,components,utilities;@layer utilities{.p-2{padding:.5rem}}');
  });

  it('keeps the custom properties kept rules read, also through one another, and drops the rest', () => {
    const css = ':root{--a:var(--b);--b:1rem;--unused:2rem}.x{margin:var(--a)}';
    expect(criticalCss(css, page('<p class="x">x</p>'))).toBe(':root{--a:var(--b);--b:1rem}.x{margin:var(--a)}');
  });

  it('keeps a custom property a style attribute reads', () => {
    const css = ':root{--brand:green;--other:red}';
    expect(criticalCss(css, page('<p style="color: var(--brand)">x</p>'))).toBe(':root{--brand:green}');
  });

  it('keeps @property registrations and keyframes only while something uses them', () => {
    const css =
      '@property --tw-x{syntax:"*";inherits:false}@property --tw-y{syntax:"*";inherits:false}.t{translate:var(--tw-x)}.spin{animation:spin 1s linear infinite}@keyframes spin{to{rotate:1turn}}@keyframes ping{to{opacity:0}}';
    expect(criticalCss(css, page('<p class="t">x</p>'))).toBe('@property --tw-x{syntax:"*";inherits:false}.t{translate:var(--tw-x)}');
    expect(criticalCss(css, page('<p class="spin">x</p>'))).toBe('.spin{animation:spin 1s linear infinite}@keyframes spin{to{rotate:1turn}}');
  });
});
