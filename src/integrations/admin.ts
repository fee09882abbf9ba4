import type { AstroIntegration } from 'astro';

const NO_HIGHLIGHTING = '\0admin:no-code-highlighting';

/** A font the admin's stylesheet loads from a CDN: its family and file (`source-sans-3:vf@5.3.0/latin-wght-normal.woff2`). */
const CDN_FONT = /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)(?::[a-z]+)?@[\d.]+\/([a-z0-9-]+)\.woff2/g;
/** The same fonts shipped in the package: `"source-sans-3-latin-wght-normal.woff2":new URL(new URL(\`assets/…woff2\`, import.meta.url)`. */
const PACKAGED_FONT = /"([a-z0-9-]+\.woff2)":new URL\(new URL\(`(assets\/[^`]+\.woff2)`,import\.meta\.url\)/g;

/**
 * Sveltia's stylesheet loads its three fonts (Source Sans 3, Noto Mono, Material Symbols) from a
 * CDN, although the package ships the same files: point the stylesheet at those, so the build
 * serves them from /_astro/ and the admin reaches no third-party host. Fails the build if a font
 * of the stylesheet has no file in the package (a new Sveltia version changed its fonts).
 */
export function selfHostedFonts(code: string): string {
  const packaged = new Map([...code.matchAll(PACKAGED_FONT)].map(([, name = '', asset = '']) => [name, asset]));
  return code.replace(CDN_FONT, (url, family: string, file: string) => {
    const asset = packaged.get(`${family}-${file}.woff2`);
    if (!asset) throw new Error(`admin: no packaged file for the font ${url}`);
    return `\${new URL(\`${asset}\`, import.meta.url).href}`;
  });
}

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
              {
                name: 'admin-self-hosted-fonts',
                enforce: 'pre',
                transform(code, id) {
                  return /@sveltia[\\/]cms[\\/]npm[\\/]index\.js$/.test(id) ? selfHostedFonts(code) : undefined;
                },
              },
            ],
          },
        });
      },
    },
  };
}
