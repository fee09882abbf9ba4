import { dealer } from '../src/lib/data/dealer.ts';
import { importMapping } from '../src/lib/data/import.ts';
import { importWakeSecret } from '../src/lib/settings/import.ts';
import { leadsEnv } from '../src/lib/settings/mail.ts';
import { processEnv } from '../src/lib/settings/read.ts';
import { importRunsBlobs, summaryLine } from './lib/import/runs.ts';
import { scheduledImport } from './lib/import/scheduled.ts';
import { dueSlot } from '../src/lib/import/schedule.ts';
import { wokenByJob } from './lib/http/guards.ts';
import { saveTokenExpiry, TokenWatch } from './lib/github/token-expiry.ts';
import { publishingBlobs } from './lib/publishing/record.ts';

/**
 * The lot import (docs/product.md §Import), run in the background (up to 15 minutes: a DMS of
 * many pages and a repository of hundreds of unit files take longer than a scheduled function's
 * 30 seconds). Woken by functions/import-lot.ts every hour; it imports only at the dealer's times
 * and once per time, so an extra invocation does nothing; a call without the job's signature for
 * the slot that is due (a visitor's) does nothing at all.
 */
export default async function importLotBackground(request?: Request): Promise<void> {
  if (!wokenByJob(request, importWakeSecret(), dueSlot(importMapping, new Date()))) {
    console.warn("[import] A call without the scheduled job's signature was refused.");
    return;
  }
  const env = processEnv();
  const mail = leadsEnv(env);
  const watch = new TokenWatch();
  const result = await scheduledImport({
    mapping: importMapping,
    store: importRunsBlobs(),
    now: new Date(),
    env,
    mail: mail.ok ? mail.mail : null,
    siteName: dealer.name,
    watch,
  });
  await saveTokenExpiry(publishingBlobs(), watch, 'import').catch(() => console.warn("[import] The token's expiry could not be noted."));
  if (result.status === 'skipped') console.info(`[import] Skipped: ${result.reason}.`);
  else if (result.run.outcome === 'imported')
    console.info(`[import] ${summaryLine(result.run.counts)}${result.run.commit ? ` (commit ${result.run.commit.slice(0, 7)})` : ''}.`);
  else console.error(`[import] ${result.run.outcome}: ${result.run.reason ?? ''}.`);
}
