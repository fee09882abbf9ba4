import { alertsBlobs } from './lib/alerts/blobs.ts';
import { wokenByJob } from './lib/http/guards.ts';
import { backupEnv } from '../src/lib/settings/backup.ts';
import { backupArchive, type BackupResult } from './lib/leads/backup.ts';
import { leadsBlobs } from './lib/leads/blobs.ts';
import { backupSlot } from './backup-leads.ts';

/**
 * The nightly backup of the dealer's archive to their bucket (lib/leads/backup.ts), in the
 * background (up to 15 minutes). Woken by functions/backup-leads.ts with the signature of the
 * day; a call without it (a visitor's) does nothing. One backup a day: a second wake-up the same
 * day finds the day claimed. The outcome is kept under backup/last in the leads store and logged.
 */
export const LAST_BACKUP_KEY = 'backup/last';

export default async function backupLeadsBackground(request?: Request): Promise<void> {
  await runBackup(request);
}

/** The backup the call asks for, when it may: its result, or undefined when nothing ran. */
export async function runBackup(request?: Request): Promise<BackupResult | undefined> {
  const env = backupEnv();
  const slot = backupSlot();
  if (env.state !== 'on' || !wokenByJob(request, env.settings.secretAccessKey, slot)) {
    console.warn("[backup] A call without the scheduled job's signature was refused.");
    return undefined;
  }
  const store = leadsBlobs();
  const claimed = await store.setJSON(`backup/${slot}`, { at: new Date().toISOString() }, { onlyIfNew: true });
  if (!claimed.modified) {
    console.info(`[backup] The backup of ${slot.slice('backup-'.length)} has already run.`);
    return undefined;
  }
  const result = await backupArchive({ leads: store, alerts: alertsBlobs() }, env.settings);
  await store.setJSON(LAST_BACKUP_KEY, result);
  if (result.ok)
    console.info(
      `[backup] ${result.key}: ${result.counts?.leads ?? 0} lead(s), ${result.counts?.photos ?? 0} photo(s), ${(result.bytes / 1e6).toFixed(1)} MB in ${result.parts} part(s).`,
    );
  else console.error(`[backup] ${result.key} failed: ${result.error}.`);
  return result;
}
