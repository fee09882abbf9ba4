import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { builtFiles } from './built-files.ts';
import { BASE_SECURITY_HEADERS, cspHash, inlineCode, pageCsp, withStylePolicy } from '../lib/security-headers.ts';

/** The dist/_headers text: security headers for every static file, caching per kind of file. */
export function headersFile(csp: string): string {
  const block = (path: string, headers: Record<string, string>) =>
    `${path}\n${Object.entries(headers)
      .map(([name, value]) => `  ${name}: ${value}`)
      .join('\n')}\n`;
  return [
    block('/*', { ...BASE_SECURITY_HEADERS, 'Content-Security-Policy': csp }),
    block('/_astro/*', { 'Cache-Control': 'public, max-age=31536000, immutable' }),
    block('/images/*', { 'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800' }),
  ].join('\n');
}

/**
 * After the build, hashes every inline script Astro emitted and writes dist/_headers (read by
 * Netlify and `netlify serve`) with one Content-Security-Policy that allows exactly those; each
 * page gets its own style policy for its own inline CSS (src/lib/security-headers.ts).
 */
export default function securityHeaders({ frameOrigin, tagManager = false }: { frameOrigin: string; tagManager?: boolean }): AstroIntegration {
  return {
    name: 'security-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        for (const file of await builtFiles(out, '.html')) {
          const html = withStylePolicy(await readFile(file, 'utf8'));
          await writeFile(file, html);
          const code = inlineCode(html);
          for (const body of code.scripts) scripts.add(cspHash(body));
          for (const body of code.styles) styles.add(cspHash(body));
        }
        const csp = pageCsp({ scriptHashes: [...scripts], frameOrigin, tagManager });
        await writeFile(join(out, '_headers'), headersFile(csp));
        logger.info(`_headers written: ${scripts.size} inline script hash(es); ${styles.size} distinct inline style(s), each allowed by its page's own policy`);
      },
    },
  };
}
