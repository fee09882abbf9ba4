import { z } from 'zod';
import { LEAD_INTERESTS, type LeadInterest } from '../leads/contact-link.ts';
import { check, emailList, httpUrl, issueLine, number, optional, processEnv, sender, setting, whole, type Env, type SettingIssue } from './read.ts';

/**
 * The e-mail settings: the lead pipeline's (RESEND_API_KEY, LEADS_TO, LEADS_FROM and the optional
 * routing, receipts and ADF copy), the pace of the provider, the one quota of every e-mail, and
 * who gets the dealer's data reports (docs/product.md §Leads, docs/go-live.md §Every variable).
 *
 * The three a lead e-mail cannot go without are problems when wrong: leads wait as pending and
 * /api/health says why. Every other one falls back to its default with a warning: a typo in an
 * optional setting never stops a lead's e-mail.
 */

// --- Routing per interest, the visitor's receipt and the pace of sending ------------------------

/** LEADS_TO_SALES … LEADS_TO_RENTALS: each interest's own inbox; unset ones use LEADS_TO. */
export const ROUTE_VARIABLES = {
  sales: 'LEADS_TO_SALES',
  service: 'LEADS_TO_SERVICE',
  parts: 'LEADS_TO_PARTS',
  general: 'LEADS_TO_GENERAL',
  rentals: 'LEADS_TO_RENTALS',
} as const satisfies Record<LeadInterest, string>;

/**
 * The defaults of the pace settings: Resend allows 2 requests a second per team by default
 * ("The default maximum rate limit is 2 requests per second per team",
 * https://resend.com/docs/api-reference/rate-limit); a team granted more sets RESEND_RATE_PER_SECOND.
 */
export const DELIVERY_DEFAULTS = { ratePerSecond: 2, timeoutMs: 10_000 } as const;

export interface MailConfig {
  apiKey: string;
  /** LEADS_TO: every interest without its own recipients. */
  to: string[];
  /** Who receives a lead of each interest. */
  routes: Record<LeadInterest, string[]>;
  from: string;
  adfTo: string[];
  baseUrl?: string;
  /** Whether the visitor gets a receipt e-mail. */
  receipts: boolean;
  ratePerSecond: number;
  timeoutMs: number;
}

/**
 * `mail` is null when no RESEND_API_KEY is set: leads are stored, the e-mail step is skipped.
 * `warnings`: optional settings that were wrong and fell back to their defaults.
 */
export type LeadsEnv =
  { ok: true; mail: MailConfig | null; warnings: SettingIssue[] } | { ok: false; error: string; issues: SettingIssue[]; warnings: SettingIssue[] };

let cache: { raw: string; env: LeadsEnv } | undefined;

const LEAD_VARIABLES = [
  'RESEND_API_KEY',
  'LEADS_TO',
  'LEADS_FROM',
  'ADF_TO',
  'RESEND_BASE_URL',
  'RECEIPTS',
  'RESEND_RATE_PER_SECOND',
  'RESEND_TIMEOUT_MS',
  ...Object.values(ROUTE_VARIABLES),
] as const;

/** The lead e-mail settings, parsed once (again only when they change); every wrong one is named. */
export function leadsEnv(env: Env = processEnv()): LeadsEnv {
  const raw = JSON.stringify(LEAD_VARIABLES.map((name) => setting(env, name) ?? null));
  if (cache?.raw === raw) return cache.env;
  const parsed = parseLeads(env);
  cache = { raw, env: parsed };
  return parsed;
}

function parseLeads(env: Env): LeadsEnv {
  const issues: SettingIssue[] = [];
  const warnings: SettingIssue[] = [];
  const required = <T>(name: (typeof LEAD_VARIABLES)[number], schema: z.ZodType<T>): T | undefined => {
    const checked = check(env, name, schema);
    if (checked.ok) return checked.value;
    issues.push(checked.issue);
    return undefined;
  };
  const apiKey = setting(env, 'RESEND_API_KEY');
  const to = required('LEADS_TO', emailList);
  const from = required('LEADS_FROM', sender);
  if (apiKey && !to && !issues.some((issue) => issue.name === 'LEADS_TO')) issues.push({ name: 'LEADS_TO', problem: 'is required when RESEND_API_KEY is set' });
  if (apiKey && !from && !issues.some((issue) => issue.name === 'LEADS_FROM'))
    issues.push({ name: 'LEADS_FROM', problem: 'is required when RESEND_API_KEY is set' });

  const adfTo = optional(env, 'ADF_TO', emailList, [] as string[], warnings, 'no ADF copy');
  const baseUrl = optional<string | undefined>(env, 'RESEND_BASE_URL', httpUrl, undefined, warnings, "Resend's API");
  const receipts = optional(env, 'RECEIPTS', z.enum(['on', 'off'], { error: 'must be "on" or "off"' }), 'off', warnings) === 'on';
  const ratePerSecond = optional(env, 'RESEND_RATE_PER_SECOND', number(0.1, 100), DELIVERY_DEFAULTS.ratePerSecond, warnings);
  const timeoutMs = optional(env, 'RESEND_TIMEOUT_MS', number(100, 20_000), DELIVERY_DEFAULTS.timeoutMs, warnings);
  const routes = Object.fromEntries(
    LEAD_INTERESTS.map((interest) => [interest, optional(env, ROUTE_VARIABLES[interest], emailList, to ?? [], warnings, 'LEADS_TO')]),
  ) as Record<LeadInterest, string[]>;

  if (issues.length > 0) return { ok: false, error: `Invalid lead e-mail configuration: ${issues.map(issueLine).join('; ')}`, issues, warnings };
  return {
    ok: true,
    warnings,
    mail: apiKey && to && from ? { apiKey, to, routes, from, adfTo, ...(baseUrl ? { baseUrl } : {}), receipts, ratePerSecond, timeoutMs } : null,
  };
}

/**
 * Who receives a lead about `interest` (docs/product.md §Leads, §Stores): the department's inbox
 * at the lead's store when the store file names one, else the interest's own inbox, else LEADS_TO.
 */
export function recipientsFor(mail: MailConfig, interest: string, storeInbox?: string): string[] {
  if (storeInbox) return [storeInbox];
  return (mail.routes as Record<string, string[] | undefined>)[interest] ?? mail.to;
}

/** DATA_ERRORS_TO: who gets a build stopped by a data mistake and the import's reports; null: LEADS_TO. */
export function dataErrorsTo(env: Env = processEnv(), warnings: SettingIssue[] = []): string[] | null {
  return optional<string[] | null>(env, 'DATA_ERRORS_TO', emailList, null, warnings, 'LEADS_TO');
}

// --- One quota for every e-mail (functions/lib/mail/quota.ts) ------------------------------------

/** Resend's Free plan: 100 e-mails a day and 3,000 a month; 40 and 1,000 of them kept for leads. */
export const MAIL_QUOTA_DEFAULTS = { daily: 100, monthly: 3000, leadReserveDaily: 40, leadReserveMonthly: 1000 } as const;

export interface MailQuota {
  daily: number;
  monthly: number;
  leadReserveDaily: number;
  leadReserveMonthly: number;
}

/** MAIL_DAILY_LIMIT, MAIL_MONTHLY_LIMIT, MAIL_LEAD_RESERVE_DAILY, …_MONTHLY; a wrong one falls back to its default. */
export function mailQuota(env: Env = processEnv(), warnings: SettingIssue[] = []): MailQuota {
  const count = whole(0, 10_000_000);
  return {
    daily: optional(env, 'MAIL_DAILY_LIMIT', count, MAIL_QUOTA_DEFAULTS.daily, warnings),
    monthly: optional(env, 'MAIL_MONTHLY_LIMIT', count, MAIL_QUOTA_DEFAULTS.monthly, warnings),
    leadReserveDaily: optional(env, 'MAIL_LEAD_RESERVE_DAILY', count, MAIL_QUOTA_DEFAULTS.leadReserveDaily, warnings),
    leadReserveMonthly: optional(env, 'MAIL_LEAD_RESERVE_MONTHLY', count, MAIL_QUOTA_DEFAULTS.leadReserveMonthly, warnings),
  };
}

/** What e-mails other than leads may use of the day and the month: the plan less the leads' reserve. */
export function otherMailLimits(quota: MailQuota): { daily: number; monthly: number } {
  return { daily: Math.max(0, quota.daily - quota.leadReserveDaily), monthly: Math.max(0, quota.monthly - quota.leadReserveMonthly) };
}

// --- Settling of conditional writes (functions/lib/leads/blobs.ts) -------------------------------

/**
 * How long a rate limit place or a pace slot is given to settle before it is read back
 * (LEADS_SETTLE_MS, default 250 ms). On Netlify the condition holds on the write itself; the
 * local sandbox checks it and writes with awaits in between, so two writers can both be told
 * they won. Whoever reads back its own value once every writer that raced with it has landed did win.
 */
export const SETTLE_DEFAULT_MS = 250;

export function settleMs(env: Env = processEnv(), warnings: SettingIssue[] = []): number {
  return optional(env, 'LEADS_SETTLE_MS', number(0, 5_000), SETTLE_DEFAULT_MS, warnings);
}
