// Lets `client:interaction` type-check on components (see src/integrations/interaction-directive.ts).
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
  }
}
