import { check, issueLine, optional, processEnv, secret, whole, type Env, type SettingIssue } from './read.ts';

/**
 * The photo links' settings (docs/decisions/lead-photos.md): PHOTO_LINK_SECRET signs every link
 * to a visitor's photo (a wrong one is a problem: no link can be made), PHOTO_LINK_DAYS is how
 * long a link in the dealer's e-mail works (default 14; a wrong one falls back with a warning).
 */

export const PHOTO_LINK_DEFAULT_DAYS = 14;

export type PhotoLinkEnv = { ok: true; secret: string | null; days: number; warnings: SettingIssue[] } | { ok: false; error: string; issues: SettingIssue[] };

export function photoLinkEnv(env: Env = processEnv()): PhotoLinkEnv {
  const key = check(env, 'PHOTO_LINK_SECRET', secret(32, 'e.g. the output of `openssl rand -base64 32`'));
  if (!key.ok) return { ok: false, error: issueLine(key.issue), issues: [key.issue] };
  const warnings: SettingIssue[] = [];
  const days = optional(env, 'PHOTO_LINK_DAYS', whole(1, 90), PHOTO_LINK_DEFAULT_DAYS, warnings);
  return { ok: true, secret: key.value ?? null, days, warnings };
}
