import type { Plan } from '../data/schemas/publishing.ts';
import { DEFAULT_DEPLOY_BUDGET } from '../functions/lib/publishing/plan.ts';
import { NETLIFY, RESEND } from '../functions/lib/publishing/rates.ts';

/**
 * The month of a dealer's site on the meters of functions/lib/publishing/rates.ts
 * (docs/operations.md §What the site costs to run): pure arithmetic on the dealer's figures
 * (flags of `npm run cost`) and on what `npm run cost` measured (page bytes and requests,
 * handler run times). Tested on its own.
 */

export const DAYS_A_MONTH = 30;

/** What a dealer does in a month; the defaults are a single-store dealer's. */
export interface DealerFigures {
  visitsPerMonth: number;
  pagesPerVisit: number;
  adminSavesPerWeek: number;
  /** "Save and Publish" / "Publish Changes": deploys editors ask for by hand. */
  publishesPerDay: number;
  leadsPerDay: number;
  alertSubscribers: number;
  lotSize: number;
  plan: Plan;
  /** Publishing times a day (data/publishing.json). */
  publishingTimes: number;
  /** Share of the lot sold in a month (each sale makes one dated change 31 days later). */
  soldShare: number;
  /** Recipients of each lead's e-mail (LEADS_TO) plus the CRM copy (ADF_TO) and a receipt. */
  emailsPerLead: number;
  /** Share of subscribers an alert e-mail goes to after a deploy (at most one a day each). */
  alertShare: number;
}

export const DEFAULT_DEALER: DealerFigures = {
  visitsPerMonth: 3000,
  pagesPerVisit: 3,
  adminSavesPerWeek: 10,
  publishesPerDay: 0.1,
  leadsPerDay: 5,
  alertSubscribers: 50,
  lotSize: 40,
  plan: 'free',
  publishingTimes: 2,
  soldShare: 0.25,
  emailsPerLead: 1,
  alertShare: 0.1,
};

/** Measured by `npm run cost` (or given by a test). */
export interface Measured {
  firstView: { bytes: number; requests: number };
  repeatView: { bytes: number; requests: number };
  /** Seconds per run of each job or handler, idle and busy. */
  runs: Record<Job, { idleS: number; busyS: number }>;
}

export const JOBS = ['retry-leads', 'send-alerts', 'publisher', 'daily-rebuild', 'deploy-succeeded', 'lead-form'] as const;
export type Job = (typeof JOBS)[number];

/** How often each job runs in a month (schedules of functions/*.ts). */
export const RUNS_A_MONTH: Readonly<Record<Exclude<Job, 'deploy-succeeded' | 'lead-form'>, number>> = {
  'retry-leads': (DAYS_A_MONTH * 24 * 60) / 2,
  'send-alerts': (DAYS_A_MONTH * 24 * 60) / 5,
  publisher: DAYS_A_MONTH * 24,
  'daily-rebuild': DAYS_A_MONTH,
};

export interface MonthCost {
  deploys: { manual: number; scheduled: number; total: number; budget: number; credits: number };
  bandwidthGb: number;
  bandwidthCredits: number;
  requests: number;
  requestCredits: number;
  functions: { job: Job; runs: number; busyRuns: number; gbHours: number; credits: number }[];
  computeCredits: number;
  credits: number;
  emails: { perDay: number; perMonth: number };
  fits: { free: boolean; personal: boolean; pro: boolean; resendFree: boolean; resendPro: boolean };
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/** The month's production deploys under the publishing rules (docs/product.md §Publishing). */
export function monthDeploys(d: DealerFigures): MonthCost['deploys'] {
  const budget = DEFAULT_DEPLOY_BUDGET[d.plan];
  const manual = d.publishesPerDay * DAYS_A_MONTH;
  // What waits at a publishing time: saves, and sold units' pages due to turn into their 301.
  const waitingPerDay = d.adminSavesPerWeek / 7 + (d.lotSize * d.soldShare) / DAYS_A_MONTH;
  // At most one deploy per publishing time, none where nothing waits, never past the budget
  // (the deploys by hand count against it; they themselves are never held).
  const wanted = Math.min(d.publishingTimes, waitingPerDay) * DAYS_A_MONTH;
  const scheduled = Math.min(wanted, Math.max(0, budget - manual));
  const total = manual + scheduled;
  return { manual: round(manual, 1), scheduled: round(scheduled, 1), total: round(total, 1), budget, credits: round(total * NETLIFY.creditsPerDeploy, 1) };
}

export function monthCost(d: DealerFigures, m: Measured): MonthCost {
  const deploys = monthDeploys(d);
  const repeatPages = Math.max(0, d.pagesPerVisit - 1);
  const bytes = d.visitsPerMonth * (m.firstView.bytes + repeatPages * m.repeatView.bytes);
  const bandwidthGb = bytes / 1e9;
  const requests = d.visitsPerMonth * (m.firstView.requests + repeatPages * m.repeatView.requests);
  const leadsPerMonth = d.leadsPerDay * DAYS_A_MONTH;
  const deploysPerDay = deploys.total / DAYS_A_MONTH;
  const alertsPerDay = Math.min(d.alertSubscribers, d.alertSubscribers * d.alertShare * Math.max(deploysPerDay, 1 / 7));
  const confirmationsPerDay = (d.alertSubscribers * 0.2) / DAYS_A_MONTH;
  const busy: Record<Job, number> = {
    // A lead's first send happens in the form's own function; the job is busy only after a failure.
    'retry-leads': 0,
    'send-alerts': Math.min(RUNS_A_MONTH['send-alerts'], (alertsPerDay > 0 ? DAYS_A_MONTH : 0) + confirmationsPerDay * DAYS_A_MONTH),
    publisher: d.publishingTimes * DAYS_A_MONTH,
    // Dated changes ride along with the deploys at publishing times (lib/publishing/publisher.ts).
    'daily-rebuild': 0,
    'deploy-succeeded': deploys.total,
    'lead-form': leadsPerMonth,
  };
  const functions = JOBS.map((job) => {
    const scheduled = job === 'deploy-succeeded' || job === 'lead-form' ? 0 : RUNS_A_MONTH[job];
    const busyRuns = busy[job];
    const idleRuns = Math.max(0, scheduled - busyRuns);
    const seconds = idleRuns * m.runs[job].idleS + busyRuns * m.runs[job].busyS;
    const gbHours = (seconds * NETLIFY.functionMemoryGb) / 3600;
    return {
      job,
      runs: round(idleRuns + busyRuns, 0),
      busyRuns: round(busyRuns, 1),
      gbHours: round(gbHours, 4),
      credits: round(gbHours * NETLIFY.creditsPerGbHour, 2),
    };
  });
  const computeCredits = round(
    functions.reduce((sum, f) => sum + f.credits, 0),
    2,
  );
  const bandwidthCredits = round(bandwidthGb * NETLIFY.creditsPerGbBandwidth, 2);
  const requestCredits = round((requests / 10_000) * NETLIFY.creditsPer10kRequests, 2);
  const credits = Math.ceil(deploys.credits + bandwidthCredits + requestCredits + computeCredits);
  const perDay = Math.ceil(d.leadsPerDay * d.emailsPerLead + alertsPerDay + confirmationsPerDay);
  const perMonth = Math.ceil((d.leadsPerDay * d.emailsPerLead + alertsPerDay + confirmationsPerDay) * DAYS_A_MONTH + 1);
  return {
    deploys,
    bandwidthGb: round(bandwidthGb, 3),
    bandwidthCredits,
    requests: Math.round(requests),
    requestCredits,
    functions,
    computeCredits,
    credits,
    emails: { perDay, perMonth },
    fits: {
      free: credits <= NETLIFY.planCredits.free,
      personal: credits <= NETLIFY.planCredits.personal,
      pro: credits <= NETLIFY.planCredits.pro,
      resendFree: perDay <= RESEND.free.perDay && perMonth <= RESEND.free.perMonth,
      resendPro: perMonth <= RESEND.pro.perMonth,
    },
  };
}

/** The last line `npm run cost` prints. */
export function summaryLine(cost: MonthCost): string {
  return `credits/month: ${cost.credits} (Free 300: ${cost.fits.free ? 'fits' : 'over'}), e-mails/day: ${cost.emails.perDay} (Resend Free 100: ${cost.emails.perDay <= RESEND.free.perDay ? 'fits' : 'over'})`;
}
