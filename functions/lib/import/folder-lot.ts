import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LotAccess } from './run.ts';

/**
 * The lot as a folder of unit files (data/units/ of a checkout): what `npm run import` reads
 * and writes. A dry run reads and writes nothing back.
 */
export function folderLot(folder: string, options: { dryRun?: boolean } = {}): LotAccess {
  return {
    async apply(build) {
      const units: Record<string, unknown> = {};
      for (const name of (await readdir(folder)).filter((file) => file.endsWith('.json')).sort()) {
        try {
          units[name.replace(/\.json$/, '')] = JSON.parse(await readFile(join(folder, name), 'utf8'));
        } catch (error) {
          return { ok: false, message: `${join(folder, name)} is not valid JSON (${(error as Error).message}): fix it before importing` };
        }
      }
      const plan = build(units);
      if (!options.dryRun && plan.outcome === 'imported') {
        for (const [id, text] of Object.entries(plan.files)) await writeFile(join(folder, `${id}.json`), text);
      }
      return { ok: true, plan };
    },
  };
}
