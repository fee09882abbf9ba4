/**
 * The meters the site runs on, in one place, with where each figure comes from and when it was
 * read: the publishing budget (plan.ts) and `npm run cost` (scripts/cost.ts) read them here.
 */

/** Netlify's credit-based plans (new accounts since September 2025). */
export const NETLIFY = {
  source: "Netlify pricing changelog of 14 April 2026 and Netlify's billing docs (credit-based plans)",
  readOn: '2026-11-25',
  planCredits: { free: 300, personal: 1000, pro: 3000 },
  planPriceUsd: { free: 0, personal: 9, pro: 20 },
  /** A production deploy; Deploy Previews and branch deploys cost none. */
  creditsPerDeploy: 15,
  /** Compute, scheduled functions included, at the default 1 GB of memory. */
  creditsPerGbHour: 10,
  functionMemoryGb: 1,
  creditsPerGbBandwidth: 20,
  creditsPer10kRequests: 2,
} as const;

/** Resend's plans: every recipient counted. */
export const RESEND = {
  source: 'Resend pricing page and its API rate-limit docs (https://resend.com/docs/api-reference/rate-limit: 2 requests a second per team by default)',
  readOn: '2026-11-25',
  free: { perDay: 100, perMonth: 3000 },
  pro: { perDay: Infinity, perMonth: 50_000, priceUsd: 20 },
  requestsPerSecond: 2,
} as const;
