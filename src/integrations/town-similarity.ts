import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { formatSimilarityReport, mainText, similarityReport, TOWN_SIMILARITY_TARGET } from '../lib/towns/similarity.ts';

/**
 * After the build, how alike the town pages read (docs/product.md §Towns): the median and the
 * most alike pairs of 5-word shingles over each page's main content, and the towns still
 * without the dealer's local text (docs/editors.md §Town pages says what to write).
 */
export default function townSimilarity(options: { paths: readonly string[]; withoutLocalText: readonly string[] }): AstroIntegration {
  return {
    name: 'town-similarity',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const pages = new Map(
          await Promise.all(options.paths.map(async (path) => [path, mainText(await readFile(join(out, `${path}.html`), 'utf8'))] as const)),
        );
        const report = similarityReport(pages);
        const lines = formatSimilarityReport(report);
        if (report.median > TOWN_SIMILARITY_TARGET) logger.warn(lines.join('\n'));
        else logger.info(lines.join('\n'));
        const missing = options.withoutLocalText;
        logger.info(
          missing.length === 0 ? 'every town has local text' : `${missing.length} towns without local text (data/towns.json localText): ${missing.join(', ')}`,
        );
      },
    },
  };
}
