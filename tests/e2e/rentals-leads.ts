import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import type { Page } from '@playwright/test';
import { LEADS_BLOBS } from '../../functions/lib/leads/blobs.ts';
import { sandboxDirectory } from '../../scripts/local-leads.ts';
import { addDays, calendarDay } from '../../src/lib/units/build-clock.ts';
import type { Mailbox } from '../support/mailbox.ts';
import './json-modules.ts';

/**
 * Helpers for the reservation specs. `netlify serve` runs without RESEND_API_KEY, so a stored
 * lead waits for its e-mail; `sendPendingLead` runs the real e-mail step on it (as the retry job
 * does) with the real resend SDK pointed at a local recorder, the test mailbox.
 */

/** The island is live once Astro has hydrated it (the ssr attribute goes away). */
export async function reservationReady(page: Page): Promise<void> {
  await page.locator('astro-island:has(form[action="/api/reserve"]):not([ssr])').waitFor({ state: 'attached' });
}

/** "YYYY-MM-DD", `days` after today on the showroom's calendar (the dealer's time zone). */
export function inDays(days: number): string {
  return addDays(calendarDay(new Date()), days);
}

/** The recorder standing in for the Resend API (tests/functions/contact-harness.ts), started. */
export async function startMailbox(): Promise<Mailbox> {
  // Loaded once the JSON hook is registered: the harness imports the functions and their data.
  const { Mailbox } = await import('../support/mailbox.ts');
  return new Mailbox().start();
}

export async function sendPendingLead(id: string, mailbox: Mailbox): Promise<string> {
  const { deliverLead } = await import('../../functions/lib/leads/delivery.ts');
  const { MAIL_ENV } = await import('../support/mailbox.ts');
  const directory = sandboxDirectory();
  const entries = join(directory, 'entries');
  const siteIds = existsSync(entries) ? readdirSync(entries) : [];
  const token = crypto.randomUUID();
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const saved = { ...process.env };
  Object.assign(process.env, MAIL_ENV, { RESEND_BASE_URL: mailbox.url });
  delete process.env.ADF_TO;
  try {
    const url = `http://localhost:${port}`;
    for (const siteID of siteIds) {
      const store = getStore({ name: LEADS_BLOBS, siteID, token, edgeURL: url, uncachedEdgeURL: url, consistency: 'strong' });
      if (await store.get(`leads/${id}`)) return await deliverLead(store, id);
    }
    return 'missing';
  } finally {
    process.env = saved;
    await server.stop();
  }
}
