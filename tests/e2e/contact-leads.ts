import type { Page } from '@playwright/test';
import type { Lead } from '../../functions/lib/leads/lead.ts';
import { clearLocalRateLimits, readLocalLeads } from '../../scripts/local-leads.ts';

/**
 * Helpers for the contact specs. The tests post to the real function under `netlify serve`,
 * which stores leads in its local Blobs sandbox; these read them back the way `npm run leads` does.
 */

export interface Visitor {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
}

/** A visitor with an address no other test (or earlier run) uses, to find their lead again. */
export function newVisitor(tag: string): Visitor {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return {
    firstName: 'Jordan',
    lastName: 'Rivera',
    email: `e2e-${tag}-${unique}@example.com`,
    phone: '(609) 555-0123',
    message: 'Is the six-seat model available for a test drive on Saturday?',
  };
}

/** Every request of a local run comes from the same address: start each test with a fresh window. */
export async function freshRateLimit(): Promise<void> {
  await clearLocalRateLimits();
}

export async function leadFor(email: string): Promise<Lead | undefined> {
  const { leads } = await readLocalLeads();
  return leads.find((lead) => lead.inquiry.email === email);
}

/** The form island is live once Astro has hydrated it (the ssr attribute goes away). */
export async function formReady(page: Page): Promise<void> {
  await page.locator('astro-island:has(form[action="/api/contact"]):not([ssr])').waitFor({ state: 'attached' });
}

export async function fillForm(page: Page, visitor: Visitor): Promise<void> {
  await page.getByLabel('First Name').fill(visitor.firstName);
  await page.getByLabel('Last Name').fill(visitor.lastName);
  await page.getByLabel('Email').fill(visitor.email);
  await page.getByLabel('Phone').fill(visitor.phone);
  await page.getByLabel('Message').fill(visitor.message);
}
