import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Adds `client:interaction`: the island's JavaScript (and React) is fetched only when a
 * visitor first points at, focuses or taps the island, so a page whose menu is never
 * opened never pays for it.
 */
export default function interactionDirective(): AstroIntegration {
  return {
    name: 'interaction-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('../directives/interaction.ts', import.meta.url)),
        });
      },
    },
  };
}
