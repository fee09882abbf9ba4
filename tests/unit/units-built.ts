import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One real build of the site with a fixed clock (BUILD_DATE), into a temporary folder, shared by
 * the tests of unit pages and feeds: the dates of the demo lot then read the same every day.
 * The folder is inside the repository (.generated/, ignored by git): Astro writes a build's
 * prerender chunks beside its output folder when that folder is inside the working directory,
 * and in the working directory's .astro/ otherwise, where builds side by side would share them.
 */
export const FIXED_BUILD_DATE = '2026-11-25';

const root = join(import.meta.dirname, '..', '..');
let dist: string | undefined;

export function buildWithFixedClock(): string {
  if (dist) return dist;
  mkdirSync(join(root, '.generated'), { recursive: true });
  const out = mkdtempSync(join(root, '.generated', 'units-dist-'));
  execFileSync(process.execPath, [join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--outDir', out], {
    cwd: root,
    env: { ...process.env, BUILD_DATE: FIXED_BUILD_DATE, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: 'pipe',
  });
  dist = out;
  return out;
}

export function readBuilt(out: string, file: string): string {
  const path = join(out, file);
  if (!existsSync(path)) throw new Error(`${file} was not built`);
  return readFileSync(path, 'utf8');
}

export const builtExists = (out: string, file: string) => existsSync(join(out, file));
