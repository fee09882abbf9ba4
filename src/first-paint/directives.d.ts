// Lets `client:interaction` type-check on components (see src/integrations/interaction-directive.ts):
// `client:interaction` hydrates on the first interaction only; `client:interaction="idle"` also
// once the page has loaded and the browser is idle; `client:interaction="visible"` also when the
// island scrolls into view after the page has loaded.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean | 'idle' | 'visible';
  }
}
