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
  const resolved = (id: string) => `\0${id}`;
  return {
    name: 'island-data',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'island-data',
                resolveId: (id) => (id.startsWith(ISLAND_DATA) && id.slice(ISLAND_DATA.length) in modules ? resolved(id) : undefined),
                load: (id) => {
                  if (!id.startsWith(resolved(ISLAND_DATA))) return undefined;
                  return `export default ${JSON.stringify(modules[id.slice(resolved(ISLAND_DATA).length)])};`;
                },
              },
            ],
          },
        });
      },
    },
  };
}
