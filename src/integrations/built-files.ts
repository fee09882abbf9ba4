import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every file under the build's output directory whose name ends with `suffix` (".html", ".css"). */
export async function builtFiles(dir: string, suffix: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(suffix)).map((e) => join(e.parentPath, e.name));
}
