import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { DataFileError } from '../lib/data-file.ts';

/** Where the unit files are gathered, relative to the project root (git-ignored). */
export const UNIT_FILES_MODULE = '.generated/unit-files.json';

/**
 * Gathers data/units/*.json, one unit each, into one JSON module keyed by file name, which
 * src/lib/data/vehicles.ts imports and validates. Pages, functions (bundled by esbuild, which
 * cannot list a folder), scripts and tests thus read the same lot through one import
 * (docs/decisions/data-loader.md). Writes only when the gathered text changed. A file that is
 * not JSON stops here, with its name and the parser's message.
 */
export function writeUnitFiles(root: string): void {
  const folder = join(root, 'data', 'units');
  const files: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const name of readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    try {
      files[name] = JSON.parse(readFileSync(join(folder, name), 'utf8'));
    } catch (error) {
      problems.push(`  • data/units/${name}: is not valid JSON (${(error as Error).message})`);
    }
  }
  if (problems.length > 0) throw new DataFileError(`Invalid data file${problems.length === 1 ? '' : 's'} in data/units/:\n${problems.join('\n')}`);
  const target = join(root, UNIT_FILES_MODULE);
  const text = `${JSON.stringify(files)}\n`;
  if (existsSync(target) && readFileSync(target, 'utf8') === text) return;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
}

/**
 * Gathers the unit files again as they change under `astro dev`. (astro.config.mjs gathers them
 * once before it reads the lot, for every command.)
 */
export default function unitFiles(): AstroIntegration {
  return {
    name: 'unit-files',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        const root = fileURLToPath(config.root);
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'unit-files',
                configureServer(server) {
                  const folder = join(root, 'data', 'units');
                  server.watcher.add(folder);
                  const regather = (file: string) => {
                    if (dirname(file) === folder && file.endsWith('.json')) writeUnitFiles(root);
                  };
                  server.watcher.on('add', regather).on('change', regather).on('unlink', regather);
                },
              },
            ],
          },
        });
      },
    },
  };
}
