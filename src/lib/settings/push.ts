import { z } from 'zod';
import { check, issueLine, processEnv, type Env, type SettingIssue } from './read.ts';

/**
 * The push settings of the dealer's inbox (docs/product.md §Inbox on a phone,
 * docs/decisions/inbox-push.md): the VAPID key pair that signs every push message and the contact
 * the push services may write to. All three or none: without them push is simply off (the inbox
 * offers no notifications, leads and reminders go by e-mail alone); /api/health and
 * `npm run doctor` say so. A wrong one is a problem (named), and push stays off.
 *
 * Make the pair once with `npx web-push generate-vapid-keys`; a new pair ends every device's
 * subscription (each device turns notifications on again).
 */

/** base64url without padding, as web-push prints the keys. */
const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `must be the ${what} as \`npx web-push generate-vapid-keys\` prints it (base64url)`)
    .refine(
      (value) => Buffer.from(value, 'base64url').length === bytes,
      `must be the ${what} as \`npx web-push generate-vapid-keys\` prints it (${bytes} bytes)`,
    );

const subject = z
  .string()
  .refine(
    (value) => /^mailto:[^@\s]+@[^@\s]+$/.test(value) || (URL.canParse(value) && new URL(value).protocol === 'https:'),
    'must be a mailto: address or an https:// URL',
  );

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushSettings {
  /** null: push is off. */
  vapid: VapidKeys | null;
  /** Why it is off, when a value is wrong or only some are set. */
  issues: SettingIssue[];
}

export const PUSH_VARIABLES = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;

export function pushSettings(env: Env = processEnv()): PushSettings {
  const issues: SettingIssue[] = [];
  const read = <T>(name: (typeof PUSH_VARIABLES)[number], schema: z.ZodType<T>) => {
    const checked = check(env, name, schema);
    if (!checked.ok) issues.push(checked.issue);
    return checked.ok ? checked.value : undefined;
  };
  const publicKey = read('VAPID_PUBLIC_KEY', base64url(65, 'public key'));
  const privateKey = read('VAPID_PRIVATE_KEY', base64url(32, 'private key'));
  const contact = read('VAPID_SUBJECT', subject);
  const set = [publicKey, privateKey, contact].filter((value) => value !== undefined).length;
  if (issues.length === 0 && set > 0 && set < 3)
    for (const [name, value] of [
      ['VAPID_PUBLIC_KEY', publicKey],
      ['VAPID_PRIVATE_KEY', privateKey],
      ['VAPID_SUBJECT', contact],
    ] as const)
      if (value === undefined) issues.push({ name, problem: 'is not set: push needs all three VAPID settings' });
  return { vapid: issues.length === 0 && publicKey && privateKey && contact ? { publicKey, privateKey, subject: contact } : null, issues };
}

/** One line for /api/health and the log: on, or off and why. */
export function pushStateLine(settings: PushSettings = pushSettings()): string {
  if (settings.vapid) return 'on';
  if (settings.issues.length > 0) return `off: ${settings.issues.map(issueLine).join('; ')}`;
  return 'off: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are not set';
}
