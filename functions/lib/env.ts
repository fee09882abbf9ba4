import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { LEAD_INTERESTS, type LeadInterest } from '../../src/lib/leads/contact-link.ts';
import { MAIL_QUOTA_DEFAULTS, mailQuotaEnv, otherMailLimits } from './mail/quota.ts';

/**
 * The lead pipeline's configuration, read from the environment (Netlify: Site configuration →
 * Environment variables; locally: .env, see .env.example) and checked by zod on first use.
 */

/** "a@b.com, c@d.com": a comma-separated list of e-mail addresses. */
export const emailList = z
  .string()
  .trim()
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.email('must be a comma-separated list of e-mail addresses')).min(1, 'must name at least one e-mail address'));

/** "sales@dealer.com" or "Dealer Website <leads@dealer.com>", as Resend accepts it. */
const sender = z
  .string()
  .trim()
  .refine((value) => {
    const address = /<([^<>]+)>$/.exec(value)?.[1] ?? value;
    return z.email().safeParse(address.trim()).success;
  }, 'must be an e-mail address or "Name <address>"');

const blankIsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

// --- Routing per interest, the visitor's receipt and the pace of sending (docs/product.md §Leads) ---

/** LEADS_TO_SALES … LEADS_TO_RENTALS: each interest's own inbox; unset ones use LEADS_TO. */
export const ROUTE_VARIABLES = Object.fromEntries(LEAD_INTERESTS.map((interest) => [interest, `LEADS_TO_${interest.toUpperCase()}`])) as Readonly<
  Record<LeadInterest, string>
>;

const number = (min: number, max: number) =>
  z.preprocess(blankIsUnset, z.coerce.number({ error: 'must be a number' }).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).optional());

const deliveryShape = {
  ...Object.fromEntries(Object.values(ROUTE_VARIABLES).map((name) => [name, z.preprocess(blankIsUnset, emailList.optional())])),
  /** "on": the visitor gets a receipt e-mail; anything unset or "off": no receipt. */
  RECEIPTS: z.preprocess(blankIsUnset, z.enum(['on', 'off'], { error: 'must be "on" or "off"' }).optional()),
  /** Requests per second the provider allows (Resend: 5 per second per account), every kind of e-mail together. */
  RESEND_RATE_PER_SECOND: number(0.1, 100),
  /** How long one request to the provider may take before it counts as a timeout. */
  RESEND_TIMEOUT_MS: number(100, 20_000),
} as const;

/** The defaults of the settings above. */
export const DELIVERY_DEFAULTS = { ratePerSecond: 5, timeoutMs: 10_000 } as const;

// ---------------------------------------------------------------------------------------------

const schema = z
  .object({
    RESEND_API_KEY: z.preprocess(blankIsUnset, z.string().trim().min(1).optional()),
    LEADS_TO: z.preprocess(blankIsUnset, emailList.optional()),
    LEADS_FROM: z.preprocess(blankIsUnset, sender.optional()),
    ADF_TO: z.preprocess(blankIsUnset, emailList.optional()),
    RESEND_BASE_URL: z.preprocess(blankIsUnset, z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
    ...deliveryShape,
  })
  .superRefine((env, ctx) => {
    if (!env.RESEND_API_KEY) return;
    if (!env.LEADS_TO) ctx.addIssue({ code: 'custom', path: ['LEADS_TO'], message: 'is required when RESEND_API_KEY is set' });
    if (!env.LEADS_FROM) ctx.addIssue({ code: 'custom', path: ['LEADS_FROM'], message: 'is required when RESEND_API_KEY is set' });
  });

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

/** `mail` is null when no RESEND_API_KEY is set: leads are stored, the e-mail step is skipped. */
export type LeadsEnv = { ok: true; mail: MailConfig | null } | { ok: false; error: string };

const NAMES = ['RESEND_API_KEY', 'LEADS_TO', 'LEADS_FROM', 'ADF_TO', 'RESEND_BASE_URL', ...Object.keys(deliveryShape)] as const;
let cache: { raw: string; env: LeadsEnv } | undefined;

/** Parses the variables once (again only when they change) and names every bad one. */
export function leadsEnv(source: Record<string, string | undefined> = process.env): LeadsEnv {
  const values = Object.fromEntries(NAMES.map((name) => [name, source[name]]));
  const raw = JSON.stringify(values);
  if (cache?.raw === raw) return cache.env;
  const result = schema.safeParse(values);
  let env: LeadsEnv;
  if (!result.success) {
    const problems = [...new Set(result.error.issues.map((issue) => `${String(issue.path[0] ?? 'environment')} ${issue.message}`))];
    env = { ok: false, error: `Invalid lead e-mail configuration: ${problems.join('; ')}` };
  } else {
    const data = result.data as z.infer<typeof schema> & Record<string, unknown>;
    const { RESEND_API_KEY, LEADS_TO, LEADS_FROM, ADF_TO, RESEND_BASE_URL } = data;
    env = {
      ok: true,
      mail:
        RESEND_API_KEY && LEADS_TO && LEADS_FROM
          ? {
              apiKey: RESEND_API_KEY,
              to: LEADS_TO,
              routes: Object.fromEntries(
                LEAD_INTERESTS.map((interest) => [interest, (data[ROUTE_VARIABLES[interest]] as string[] | undefined) ?? LEADS_TO]),
              ) as Record<LeadInterest, string[]>,
              from: LEADS_FROM,
              adfTo: ADF_TO ?? [],
              baseUrl: RESEND_BASE_URL,
              receipts: data.RECEIPTS === 'on',
              ratePerSecond: data.RESEND_RATE_PER_SECOND ?? DELIVERY_DEFAULTS.ratePerSecond,
              timeoutMs: data.RESEND_TIMEOUT_MS ?? DELIVERY_DEFAULTS.timeoutMs,
            }
          : null,
    };
  }
  cache = { raw, env };
  return env;
}

/**
 * Who receives a lead about `interest` (docs/product.md §Leads, §Stores): the department's inbox
 * at the lead's store when the store file names one, else the interest's own inbox, else LEADS_TO.
 */
export function recipientsFor(mail: MailConfig, interest: string, storeInbox?: string): string[] {
  if (storeInbox) return [storeInbox];
  return (mail.routes as Record<string, string[] | undefined>)[interest] ?? mail.to;
}

// --- The alarm of GET /api/health -----------------------------------------------------------

/** A pending lead older than this (minutes) makes /api/health answer 503. */
export const PENDING_ALARM_DEFAULT_MINUTES = 60;

/** HEALTH_PENDING_MAX_MINUTES, or the default when it is unset or not a positive number. */
export function pendingAlarmMinutes(source: Record<string, string | undefined> = process.env): number {
  const parsed = number(1, 7 * 24 * 60).safeParse(source.HEALTH_PENDING_MAX_MINUTES);
  return parsed.success && parsed.data !== undefined ? parsed.data : PENDING_ALARM_DEFAULT_MINUTES;
}

/** HEALTH_TOKEN: the secret that shows /api/health's figures (at least 24 characters), or null: figures to nobody. */
export function healthToken(source: Record<string, string | undefined> = process.env): string | null {
  const parsed = z.preprocess(blankIsUnset, z.string().trim().min(24).optional()).safeParse(source.HEALTH_TOKEN);
  if (!parsed.success) console.warn('[health] HEALTH_TOKEN must be at least 24 characters: the figures are shown to nobody.');
  return parsed.success ? (parsed.data ?? null) : null;
}

/** Whether a request carries HEALTH_TOKEN in `Authorization: Bearer …` (compared in constant time): /api/health's figures, a test lead. */
export function carriesHealthToken(request: Request, source: Record<string, string | undefined> = process.env): boolean {
  const token = healthToken(source);
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]?.trim();
  if (!token || !given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

// --- Build hook (functions/publisher.ts, functions/daily-rebuild.ts) -------------------------

/** A Netlify build hook: https (http only to this machine, for tests). */
const buildHookUrl = z.url({ protocol: /^https?$/, error: 'must be the build hook URL, e.g. https://api.netlify.com/build_hooks/…' }).refine((value) => {
  if (!URL.canParse(value)) return true; // already named by z.url
  const url = new URL(value);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}, 'must be an https:// URL');

/** `url` is null when BUILD_HOOK_URL is not set: the site asks for no deploy. */
export type BuildHookEnv = { ok: true; url: string | null } | { ok: false; error: string };

/** BUILD_HOOK_URL, checked: the build hook every deploy the site asks for goes through (lib/publishing/). */
export function buildHookEnv(source: Record<string, string | undefined> = process.env): BuildHookEnv {
  const result = z.preprocess(blankIsUnset, buildHookUrl.optional()).safeParse(source.BUILD_HOOK_URL);
  if (!result.success) return { ok: false, error: `BUILD_HOOK_URL ${result.error.issues[0]?.message ?? 'is not valid'}` };
  return { ok: true, url: result.data ?? null };
}

// --- E-mail alerts (docs/product.md §Alerts) ---------------------------------------------------

/** Whole numbers of e-mails. */
const count = (max: number) =>
  z.preprocess(
    blankIsUnset,
    z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').max(max, `must be at most ${max}`).optional(),
  );

const alertsSchema = z.object({
  /** The key of every link in an alert e-mail (HMAC): at least 32 characters; changing it ends every link sent. */
  ALERTS_SECRET: z.preprocess(
    blankIsUnset,
    z.string().trim().min(32, 'must be at least 32 characters (e.g. the output of `openssl rand -base64 32`)').optional(),
  ),
  /** The sender of alert e-mails; LEADS_FROM when unset. */
  ALERTS_FROM: z.preprocess(blankIsUnset, sender.optional()),
  /** Alert mail goes out only while the site has sent fewer e-mails than this today (UTC), every kind counted. */
  ALERTS_DAILY_QUOTA: count(100_000),
  /** … and fewer than this in the month (UTC). */
  ALERTS_MONTHLY_QUOTA: count(10_000_000),
});

/**
 * Resend's free plan sends 100 e-mails a day and 3,000 a month: alerts stop at 60 and 2,000,
 * so 40 a day and 1,000 a month stay for leads. These are the defaults; unset, the alert quota
 * is what the one e-mail quota (lib/mail/quota.ts) leaves besides the leads' reserve.
 */
export const ALERT_QUOTA_DEFAULTS = {
  daily: otherMailLimits(MAIL_QUOTA_DEFAULTS).daily,
  monthly: otherMailLimits(MAIL_QUOTA_DEFAULTS).monthly,
} as const;

export interface AlertsConfig {
  /** null: alert links cannot be made; requests are stored and their e-mails wait. */
  secret: string | null;
  from: string | undefined;
  dailyQuota: number;
  monthlyQuota: number;
}

export type AlertsEnv = ({ ok: true } & AlertsConfig) | { ok: false; error: string };

/** The alert settings, checked (a bad value is named, as for the lead settings). */
export function alertsEnv(source: Record<string, string | undefined> = process.env): AlertsEnv {
  const result = alertsSchema.safeParse(Object.fromEntries(Object.keys(alertsSchema.shape).map((name) => [name, source[name]])));
  if (!result.success) {
    const problems = [...new Set(result.error.issues.map((issue) => `${String(issue.path[0] ?? 'environment')} ${issue.message}`))];
    return { ok: false, error: `Invalid alert configuration: ${problems.join('; ')}` };
  }
  const env = result.data;
  const quota = mailQuotaEnv(source);
  if (!quota.ok) return quota;
  const room = otherMailLimits(quota);
  return {
    ok: true,
    secret: env.ALERTS_SECRET ?? null,
    from: env.ALERTS_FROM,
    dailyQuota: env.ALERTS_DAILY_QUOTA ?? room.daily,
    monthlyQuota: env.ALERTS_MONTHLY_QUOTA ?? room.monthly,
  };
}
