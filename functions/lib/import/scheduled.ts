import type { Store } from '@netlify/blobs';
import lotJson from '../../../data/lot.json';
import type { ImportMapping } from '../../../data/schemas/import.ts';
import { dueSlot } from '../../../src/lib/import/schedule.ts';
import { brands } from '../../../src/lib/data/brands.ts';
import { models } from '../../../src/lib/data/models.ts';
import { stores } from '../../../src/lib/data/stores.ts';
import type { MailConfig } from '../env.ts';
import { mailUnsentRuns } from './email.ts';
import { importEnv } from './env.ts';
import { pullFeed, type FeedOptions } from './feed.ts';
import { githubLot } from './github-lot.ts';
import { dayIn, runImport } from './run.ts';
import type { RunRecord } from './runs.ts';

/**
 * The production import (docs/product.md §Import): at one of the dealer's times, once per time
 * slot, pull the feed, decide on the repository's unit files and commit the changes as one
 * commit; record the run and e-mail the dealer when it needs them.
 */

export type ScheduledResult = { status: 'skipped'; reason: string } | { status: 'ran'; run: RunRecord };

export interface ScheduledInput {
  mapping: ImportMapping;
  store: Store;
  now: Date;
  env: Record<string, string | undefined>;
  mail: MailConfig | null;
  siteName: string;
  feed?: FeedOptions;
}

export async function scheduledImport(input: ScheduledInput): Promise<ScheduledResult> {
  const slot = dueSlot(input.mapping, input.now);
  if (!slot) return { status: 'skipped', reason: input.mapping.enabled ? "not one of the dealer's import times" : 'the import is off in data/import.json' };
  // One run per slot, however often the function is woken (a retry, a second invocation).
  const claimed = await input.store.setJSON(`slot/${slot}`, { at: input.now.toISOString() }, { onlyIfNew: true });
  if (!claimed.modified) return { status: 'skipped', reason: `the ${slot}:00 import has already run` };

  const env = importEnv(input.env);
  const brandNames = Object.fromEntries(brands.map((brand) => [brand.slug, brand.name]));
  const common = {
    mapping: input.mapping,
    store: input.store,
    source: input.mapping.url ?? '',
    models,
    brandNames,
    // The lot's removed units keep their addresses as redirects: a new unit takes another.
    reservedIds: lotJson.removed.map((unit) => unit.id),
    stores: stores.map(({ slug, storeCode }) => ({ slug, storeCode })),
    now: input.now,
    today: dayIn(input.now, input.mapping.timeZone),
  };
  const { run } = env.ok
    ? await runImport({
        ...common,
        feed: await pullFeed(input.mapping, { ...(env.value.IMPORT_DMS_TOKEN ? { token: env.value.IMPORT_DMS_TOKEN } : {}), ...input.feed }),
        lot: githubLot(
          { token: env.value.GITHUB_TOKEN, ...(env.value.GITHUB_API_URL ? { baseUrl: env.value.GITHUB_API_URL } : {}) },
          env.value.GITHUB_REPOSITORY,
          env.value.GITHUB_BRANCH,
        ),
      })
    : await runImport({
        ...common,
        feed: { ok: false, message: `the import is not set up: ${env.error}` },
        lot: { apply: () => Promise.resolve({ ok: false, message: 'not set up' }) },
      });
  // This run's e-mail, and any an earlier run could not send.
  await mailUnsentRuns(input.store, input.mail, input.env, input.siteName);
  return { status: 'ran', run };
}
