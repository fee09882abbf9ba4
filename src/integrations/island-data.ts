import type { AstroIntegration } from 'astro';

/** The prefix of the modules `islandData` provides: `island-data:reservation-options`. */
export const ISLAND_DATA = 'island-data:';

/**
 * Serves figures an island needs as modules (`import options from 'island-data:name'`), worked
 * out from data/ once when the site is configured. An island that imports its figures ships
 * them in its own script, fetched after the first paint, instead of in every page's markup as
 * a serialised prop (docs/decisions/first-flight-pages.md). The server render imports the same
 * module, so hydration starts from the same figures.
 */
export default function islandData(modules: Record<string, unknown>): AstroIntegration {
  // Vite's convention for a module that is no file: its resolved id starts with \0.
  const resolvedPrefix = `\0${ISLAND_DATA}`;
  return {
    name: 'island-data',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'island-data',
                resolveId: (id) => (id.startsWith(ISLAND_DATA) && id.slice(ISLAND_DATA.length) in modules ? `\0${id}` : undefined),
                load: (id) => (id.startsWith(resolvedPrefix) ? `export default ${JSON.stringify(modules[id.slice(resolvedPrefix.length)])};` : undefined),
              },
            ],
          },
        });
      },
    },
  };
}
