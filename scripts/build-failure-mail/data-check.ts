import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Errors an editor's data causes: a file that breaks its schema, two pages at one address, a data file that is not JSON. */
export function isDataError(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  return error.name === 'DataFileError' || error.name === 'SlugCollisionError' || (error instanceof SyntaxError && /[/\\]data[/\\]/.test(error.message));
}

/**
 * The data files checked as the build checks them, in this process: every module of
 * src/lib/data/ parses its file when it loads (docs/decisions/data-loader.md), then units and
 * model pages must not share an address. Returns what the build would print about the data, one
 * message per problem found (each names the file, the JSON path and what is wrong), or nothing.
 * Any other error is left to the build itself.
 */
export async function dataProblems(root: string): Promise<string[]> {
  const messages = new Set<string>();
  const load = async (url: string) => {
    try {
      return (await import(url)) as Record<string, unknown>;
    } catch (error) {
      if (!isDataError(error)) return undefined;
      messages.add(error.message.replaceAll(`${root}/`, ''));
      return undefined;
    }
  };
  // JSON modules for Node and the lot gathered from data/units/ (what Vite does for the build).
  await load(pathToFileURL(join(root, 'scripts', 'json-imports.ts')).href);
  if (messages.size > 0) return [...messages];
  const dir = join(root, 'src', 'lib', 'data');
  const modules = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
  for (const name of modules) await load(pathToFileURL(join(dir, name)).href);
  if (messages.size > 0) return [...messages];
  const vehicles = await load(pathToFileURL(join(dir, 'vehicles.ts')).href);
  const models = await load(pathToFileURL(join(dir, 'models.ts')).href);
  const collisions = await load(pathToFileURL(join(root, 'src', 'lib', 'units', 'slug-collisions.ts')).href);
  try {
    (collisions?.assertNoSlugCollisions as (ids: string[], slugs: string[]) => void)(
      (vehicles?.units as { id: string }[]).map((unit) => unit.id),
      (models?.models as { slug: string }[]).map((model) => model.slug),
    );
  } catch (error) {
    if (isDataError(error)) messages.add(error.message);
  }
  return [...messages];
}
