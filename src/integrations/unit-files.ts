import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { DataFileError } from '../lib/data-file.ts';

/** Where the unit files are gathered, relative to the project root (git-ignored). */
export const UNIT_FILES_MODULE = '.generated/unit-files.json';
/** Where the store files (data/stores/*.json) are gathered, the same way. */
export const STORE_FILES_MODULE = '.generated/store-files.json';

/** The folders of data/ gathered into one JSON module each: the units and the stores. */
const GATHERED: readonly { folder: string; module: string }[] = [
  { folder: 'units', module: UNIT_FILES_MODULE },
  { folder: 'stores', module: STORE_FILES_MODULE },
];

/**
 * Gathers data/units/*.json, one unit each, into one JSON module keyed by file name, which
 * src/lib/data/vehicles.ts imports and validates (and data/stores/*.json the same way, for
 * src/lib/data/stores.ts). Pages, functions (bundled by esbuild, which
 * cannot list a folder), scripts and tests thus read the same lot through one import
 * (docs/decisions/data-loader.md). Writes only when the gathered text changed. A file that is
 * not JSON stops here, with its name and the parser's message.
 */
export function writeUnitFiles(root: string): void {
  for (const { folder, module } of GATHERED) gatherFolder(root, folder, module);
}

/** Gathers data/<name>/*.json into the JSON module `module`, keyed by file name. */
function gatherFolder(root: string, name: string, module: string): void {
  const folder = join(root, 'data', name);
  const files: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const file of readdirSync(folder)
    .filter((entry) => entry.endsWith('.json'))
    .sort()) {
    try {
      files[file] = JSON.parse(readFileSync(join(folder, file), 'utf8'));
    } catch (error) {
      problems.push(`  • data/${name}/${file}: is not valid JSON (${(error as Error).message})`);
    }
  }
  if (problems.length > 0) throw new DataFileError(`Invalid data file${problems.length === 1 ? '' : 's'} in data/${name}/:\n${problems.join('\n')}`);
  const target = join(root, module);
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
                  const folders = GATHERED.map(({ folder }) => join(root, 'data', folder));
                  server.watcher.add(folders);
                  const regather = (file: string) => {
                    if (folders.includes(dirname(file)) && file.endsWith('.json')) writeUnitFiles(root);
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
