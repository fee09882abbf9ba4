// What the admin saved in the end-to-end test of the admin on a phone (tests/e2e/admin-phone.spec.ts),
// handed to the photo tests: scripts/photo-site.ts puts these files into its copy of the site before
// it builds, and tests/photos/ checks the pages the build makes of them. One build serves both
// (docs/decisions/admin-from-schemas.md). The files live in .generated/admin/ (git-ignored).
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tool } from '../src/lib/settings/tools.ts';

const root = join(import.meta.dirname, '..');
/** What the admin tests leave behind: the edits, and screenshots of the editor to look at. */
export const ADMIN_TEST_DIR = join(root, '.generated', 'admin');
export const ADMIN_EDITS_FILE = join(ADMIN_TEST_DIR, 'edits.json');

export interface AdminEdits {
  /** Ids of the unit the editor added, the one marked sold and the one put on hold. */
  newUnit: string;
  soldUnit: string;
  heldUnit: string;
  localPhone: { display: string; e164: string };
  /** The phone photo as committed: its path in the repository, its size in bytes (and the original's), its pixels. */
  photo: { path: string; bytes: number; original: number; width: number; height: number };
  /** Taps from the opened admin to a saved status, per status. */
  taps: Record<string, number>;
  /** Every file the admin wrote, by path in the repository: the text of a JSON file, base64 of a photo. */
  files: Record<string, string | { base64: string }>;
  /** The newest change under data/ when the admin was driven (newer data makes these edits stale). */
  dataTime?: number;
}

/** The time of the newest file under data/. */
function newestDataTime(): number {
  const dir = join(root, 'data');
  return Math.max(...readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => statSync(join(dir, name)).mtimeMs));
}

export function writeAdminEdits(edits: AdminEdits): void {
  mkdirSync(dirname(ADMIN_EDITS_FILE), { recursive: true });
  writeFileSync(ADMIN_EDITS_FILE, `${JSON.stringify({ ...edits, dataTime: newestDataTime() })}\n`);
}

/** The admin's edits; throws, saying how to make them, when they are missing or older than data/. */
export function readAdminEdits(): AdminEdits {
  const how = 'run the admin test first: `npx playwright test admin-phone` (the e2e stage of `npm test` runs it before the photos stage)';
  if (!existsSync(ADMIN_EDITS_FILE)) throw new Error(`${ADMIN_EDITS_FILE} is missing: ${how}`);
  const edits = JSON.parse(readFileSync(ADMIN_EDITS_FILE, 'utf8')) as AdminEdits;
  if ((edits.dataTime ?? 0) < newestDataTime()) throw new Error(`${ADMIN_EDITS_FILE} is older than data/: ${how}`);
  return edits;
}

/** Writes the admin's files into the site at `dir` (a copy of the repository). */
export function applyAdminEdits(dir: string, edits: AdminEdits): void {
  for (const [path, content] of Object.entries(edits.files)) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, typeof content === 'string' ? content : Buffer.from(content.base64, 'base64'));
  }
}

/**
 * The admin's edits, waiting up to `seconds` for the admin test to write them: `npm test` runs
 * the photo tests beside the end-to-end tests, whose admin test writes them early on
 * (ADMIN_EDITS_WAIT_SECONDS in scripts/test-all.ts). Without a wait it reads them at once.
 */
export async function waitForAdminEdits(seconds = tool('ADMIN_EDITS_WAIT_SECONDS') ?? 0): Promise<AdminEdits> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    try {
      return readAdminEdits();
    } catch (error) {
      if (Date.now() >= until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
