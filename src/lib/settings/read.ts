import { z } from 'zod';
import type { VariableName } from './variables.ts';

/**
 * How the settings module reads the environment (STYLE 10): each area parses its variables with
 * zod when it is first asked, and a wrong value is named with its variable. A setting the site
 * cannot work without, when wrong, is a problem (the area answers it instead of a value); an
 * optional one falls back to its default with a warning, so a typo in a tuning setting never
 * stops what works without it (docs/go-live.md §Every variable).
 */

export type Env = Readonly<Record<string, string | undefined>>;

/** The process's environment. The settings module is the only code that reads it (variables.test.ts). */
export function processEnv(): Env {
  return process.env;
}

/** A variable's value, trimmed; a blank value reads as unset. */
export function setting(env: Env, name: VariableName): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** A wrong setting: its name and what is wrong with it ("must be …", "is not set"). */
export interface SettingIssue {
  name: VariableName;
  problem: string;
}

export const issueLine = (issue: SettingIssue) => `${issue.name} ${issue.problem}`;

/** An unset setting, or its parsed value, or what is wrong with it. */
export type Checked<T> = { ok: true; value: T | undefined } | { ok: false; issue: SettingIssue };

export function check<T>(env: Env, name: VariableName, schema: z.ZodType<T>): Checked<T> {
  const raw = setting(env, name);
  if (raw === undefined) return { ok: true, value: undefined };
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issue: { name, problem: parsed.error.issues[0]?.message ?? 'is not valid' } };
}

const warned = new Set<string>();

/** Logs a warning once per process (a function instance reads its settings on every request). */
export function warnOnce(line: string): void {
  if (warned.has(line)) return;
  warned.add(line);
  console.warn(`[settings] ${line}`);
}

/**
 * An optional setting: its value, or `fallback` when it is unset or wrong; a wrong value is
 * added to `warnings` (and logged once) with the default it falls back to.
 */
export function optional<T>(env: Env, name: VariableName, schema: z.ZodType<T>, fallback: T, warnings: SettingIssue[], fallbackText = String(fallback)): T {
  const checked = check(env, name, schema);
  if (checked.ok) return checked.value ?? fallback;
  const issue = { name, problem: `${checked.issue.problem}: the default (${fallbackText}) is used` };
  warnings.push(issue);
  warnOnce(issueLine(issue));
  return fallback;
}

// --- The shapes of values ------------------------------------------------------------------------

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
export const sender = z
  .string()
  .trim()
  .refine((value) => z.email().safeParse(senderAddress(value)).success, 'must be an e-mail address or "Name <address>"');

/** The address of a sender written "Name <address>" or "address". */
export function senderAddress(value: string): string {
  return (/<([^<>]+)>$/.exec(value)?.[1] ?? value).trim();
}

/** Names of this machine: an address on them is a local run or a test's stand-in. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An http(s) address (another API's, a test's stand-in on loopback). */
export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** An https address (`invalid`: what to say of one that is no address); http only to this machine (a test's stand-in). */
export const httpsUrl = (invalid: string) =>
  z.url({ protocol: /^https?$/, error: invalid }).refine((value) => {
    if (!URL.canParse(value)) return true; // already named by z.url
    const url = new URL(value);
    return url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname);
  }, 'must be an https:// URL');

/** A number within bounds. */
export const number = (min: number, max: number) =>
  z.coerce.number({ error: 'must be a number' }).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

/** A whole number within bounds. */
export const whole = (min: number, max: number) =>
  z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

/** A secret of at least `length` characters. */
export const secret = (length: number, how: string) => z.string().min(length, `must be at least ${length} characters (${how})`);
