import type { Store as Blobs } from '@netlify/blobs';
import { z } from 'zod';

/**
 * When GITHUB_TOKEN expires, as GitHub says on every answer to a token that has an expiry
 * (`GitHub-Authentication-Token-Expiration: 2026-12-01 17:00:00 UTC`; a token without one gets no
 * such header). The publisher and the import note what their last call was told, in the
 * `publishing` Blobs store (key `github-token`), and /api/health warns 14 days ahead
 * (docs/operations.md §The alarm): an expired token stops saves going live and the import.
 */

export const TOKEN_EXPIRY_KEY = 'github-token';
export const TOKEN_EXPIRY_HEADER = 'github-authentication-token-expiration';

/** "2026-12-01 17:00:00 UTC" or "2026-12-01 12:00:00 -0500" → ms; null when it is neither. */
export function parseTokenExpiry(value: string | null): number | null {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) (UTC|[+-]\d{2}:?\d{2})$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const zone = match[3] === 'UTC' ? 'Z' : match[3]!.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2');
  const at = Date.parse(`${match[1]}T${match[2]}${zone}`);
  return Number.isFinite(at) ? at : null;
}

/** What one run of a job was told by GitHub about its token. */
export class TokenWatch {
  /** undefined: no answer seen; null: answers without an expiry (the token has none). */
  expiresAt: number | null | undefined;

  readonly seen = (headers: Headers): void => {
    this.expiresAt = parseTokenExpiry(headers.get(TOKEN_EXPIRY_HEADER));
  };
}

const recordSchema = z.object({ expiresAt: z.string().nullable(), seenAt: z.string(), by: z.string() });
export type TokenExpiry = z.infer<typeof recordSchema>;

/** Notes what the run was told (nothing when it asked GitHub nothing). */
export async function saveTokenExpiry(store: Blobs, watch: TokenWatch, by: string, now = Date.now()): Promise<void> {
  if (watch.expiresAt === undefined) return;
  const record: TokenExpiry = { expiresAt: watch.expiresAt === null ? null : new Date(watch.expiresAt).toISOString(), seenAt: new Date(now).toISOString(), by };
  await store.setJSON(TOKEN_EXPIRY_KEY, record);
}

export async function readTokenExpiry(store: Blobs): Promise<TokenExpiry | null> {
  const parsed = recordSchema.safeParse(await store.get(TOKEN_EXPIRY_KEY, { type: 'json' }));
  return parsed.success ? parsed.data : null;
}
