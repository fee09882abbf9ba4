import type { AstroIntegration } from 'astro';

const NO_HIGHLIGHTING = '\0admin:no-code-highlighting';

/**
 * The admin's bundle (src/pages/admin.astro imports @sveltia/cms): Sveltia loads the grammars
 * and themes of some 250 languages on demand to colour code fields. The admin has no code field,
 * so they are left out of the build (they would be 300 files under /_astro/).
 */
export default function admin(): AstroIntegration {
  return {
    name: 'admin',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'admin-no-code-highlighting',
                enforce: 'pre',
                resolveId(source, importer) {
                  if (/^@shikijs\/(langs|themes)\//.test(source) && importer?.includes('@sveltia/cms')) return NO_HIGHLIGHTING;
                  return undefined;
                },
                load(id) {
                  return id === NO_HIGHLIGHTING ? 'export default [];' : undefined;
                },
              },
            ],
          },
        });
      },
    },
  };
}
