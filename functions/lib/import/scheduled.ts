import type { Store as Blobs } from '@netlify/blobs';
import lotJson from '../../../data/lot.json';
import type { ImportMapping } from '../../../data/schemas/import.ts';
import { dueSlot } from '../../../src/lib/import/schedule.ts';
import { brands } from '../../../src/lib/data/brands.ts';
import { models } from '../../../src/lib/data/models.ts';
import { stores } from '../../../src/lib/data/stores.ts';
import type { MailConfig } from '../../../src/lib/settings/mail.ts';
import type { Env } from '../../../src/lib/settings/read.ts';
import { mailUnsentRuns } from './email.ts';
import { importEnv } from '../../../src/lib/settings/import.ts';
import { pullFeed, type FeedOptions } from './feed.ts';
import { githubLot } from './github-lot.ts';
import { headSettings } from './head-settings.ts';
import type { TokenWatch } from '../github/token-expiry.ts';
import type { HostLookup } from './photo-hosts.ts';
import { runImport } from './run.ts';
import { calendarDay } from '../../../src/lib/units/build-clock.ts';
import type { RunRecord } from './runs.ts';

/**
 * The production import (docs/product.md §Import): at one of the dealer's times, once per time
 * slot, read the import settings at the repository's head, pull the feed, decide on the
 * repository's unit files and commit the changes as one commit; record the run and e-mail the
 * dealer when it needs them. The deployed settings (`mapping`) only say when to wake up; the run
 * itself follows the head's (functions/lib/import/head-settings.ts).
 */

export type ScheduledResult = { status: 'skipped'; reason: string } | { status: 'ran'; run: RunRecord };

export interface ScheduledInput {
  /** The deployed settings: their times decide whether a run is due. */
  mapping: ImportMapping;
  store: Blobs;
  now: Date;
  env: Env;
  mail: MailConfig | null;
  siteName: string;
  feed?: FeedOptions;
  /** Told each GitHub answer's headers: the token's expiry (github/token-expiry.ts). */
  watch?: TokenWatch;
  /** How the photo hosts are resolved (the system's resolver by default). */
  lookup?: HostLookup;
}

export async function scheduledImport(input: ScheduledInput): Promise<ScheduledResult> {
  const slot = dueSlot(input.mapping, input.now);
  if (!slot) return { status: 'skipped', reason: input.mapping.enabled ? "not one of the dealer's import times" : 'the import is off in data/import.json' };
  // One run per slot, however often the function is woken (a retry, a second invocation).
  const claimed = await input.store.setJSON(`slot/${slot}`, { at: input.now.toISOString() }, { onlyIfNew: true });
  if (!claimed.modified) return { status: 'skipped', reason: `the ${slot}:00 import has already run` };

  const env = importEnv(input.env);
  const client = env.ok
    ? { token: env.value.token, ...(env.value.apiUrl ? { baseUrl: env.value.apiUrl } : {}), ...(input.watch ? { seen: input.watch.seen } : {}) }
    : undefined;
  const settings = env.ok && client ? await headSettings(client, env.value.repository, env.value.branch) : undefined;
  // The dealer turned the import off, or took this time out, since the deploy: nothing to run.
  if (settings?.ok && dueSlot(settings.mapping, input.now) !== slot)
    return {
      status: 'skipped',
      reason: settings.mapping.enabled
        ? `not one of the dealer's import times at ${settings.commit.slice(0, 7)}`
        : `the import is off in data/import.json at ${settings.commit.slice(0, 7)}`,
    };
  const mapping = settings?.ok ? settings.mapping : input.mapping;
  const brandNames = Object.fromEntries(brands.map((brand) => [brand.slug, brand.name]));
  const common = {
    mapping,
    store: input.store,
    source: mapping.url ?? '',
    models,
    brandNames,
    // The lot's removed units keep their addresses as redirects: a new unit takes another.
    reservedIds: lotJson.removed.map((unit) => unit.id),
    stores: stores.map(({ slug, storeCode }) => ({ slug, storeCode })),
    now: input.now,
    today: calendarDay(input.now, mapping.timeZone),
    ...(input.lookup ? { lookup: input.lookup } : {}),
  };
  const notRun = (message: string) =>
    runImport({ ...common, feed: { ok: false, message }, lot: { apply: () => Promise.resolve({ ok: false, message: 'not run' }) } });
  const { run } = !env.ok
    ? await notRun(`the import is not set up: ${env.error}`)
    : !settings?.ok
      ? await notRun(settings?.message ?? 'the import settings could not be read')
      : await runImport({
          ...common,
          feed: await pullFeed(mapping, { ...(env.value.dmsToken ? { token: env.value.dmsToken } : {}), ...input.feed }),
          lot: githubLot(client!, env.value.repository, env.value.branch, { settings: settings.text }),
        });
  // This run's e-mail, and any an earlier run could not send.
  await mailUnsentRuns(input.store, input.mail, input.env, input.siteName);
  return { status: 'ran', run };
}
