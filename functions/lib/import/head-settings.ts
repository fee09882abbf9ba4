import { schema, type ImportMapping } from '../../../data/schemas/import.ts';
import { DataFileError, parseDataFile } from '../../../src/lib/data-file.ts';
import type { GitHubClient } from '../github/client.ts';
import { readHead } from '../github/git-data.ts';

/**
 * The import settings a production run uses (docs/decisions/lot-import.md): data/import.json as
 * the repository's head has it, so a change the dealer saves in the admin counts from the next
 * run, not from the next deploy. A file that cannot be read or is not valid fails the run with
 * the reason (recorded and e-mailed like every failed run); the deployed copy is never used
 * instead, because a run on other settings than the dealer's last would be a silent surprise.
 */

export const SETTINGS_PATH = 'data/import.json';

export type HeadSettings = { ok: true; commit: string; text: string; mapping: ImportMapping } | { ok: false; message: string };

/** The settings from the text of data/import.json at `commit`, checked by the build's own schema. */
export function settingsFromText(text: string | undefined, commit: string): { ok: true; mapping: ImportMapping } | { ok: false; message: string } {
  const at = commit.slice(0, 7);
  if (text === undefined) return { ok: false, message: `${SETTINGS_PATH} is missing at ${at}: nothing was changed` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `${SETTINGS_PATH} at ${at} is not valid JSON (${(error as Error).message}): nothing was changed` };
  }
  try {
    return { ok: true, mapping: parseDataFile('import.json', schema, json) };
  } catch (error) {
    if (!(error instanceof DataFileError)) throw error;
    return { ok: false, message: `the import settings at ${at} are not valid, nothing was changed. ${error.message.replace(/\n\s*/g, ' ')}` };
  }
}

/** data/import.json at the head of `branch`, read through GitHub's Git Data API. */
export async function headSettings(client: GitHubClient, repository: string, branch: string): Promise<HeadSettings> {
  const head = await readHead(client, repository, branch);
  if (!head.ok) return { ok: false, message: `the import settings could not be read from ${branch} (${head.message}): nothing was changed` };
  const file = await head.value.readFile(SETTINGS_PATH);
  if (!file.ok) return { ok: false, message: `the import settings could not be read from ${branch} (${file.message}): nothing was changed` };
  const parsed = settingsFromText(file.value, head.value.commit);
  return parsed.ok ? { ok: true, commit: head.value.commit, text: file.value!, mapping: parsed.mapping } : parsed;
}
