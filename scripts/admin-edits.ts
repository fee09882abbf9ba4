// What the admin saved in the end-to-end test of the admin on a phone (tests/e2e/admin-phone.spec.ts),
// handed to the copy of the site: scripts/copy-site.ts puts these files into the copy before it
// builds, and tests/photos/admin-edits.spec.ts checks the pages the build makes of them. The admin
// test runs first in playwright.copy.config.ts, so the copy always has this run's edits
// (docs/decisions/admin-from-schemas.md). The files live in .generated/admin/ (git-ignored).
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

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
  const how =
    'run the admin test first: `npx playwright test -c playwright.copy.config.ts --project=admin` (`npm run test:copy` runs it before it builds the copy)';
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
