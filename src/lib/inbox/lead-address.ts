import { INBOX_PAGE } from './app-manifest.ts';

/**
 * A lead's address in the inbox (docs/operations.md §The dealer's inbox): the list links to it,
 * a notification carries it (functions/lib/push/notify.ts) and the page reads it back
 * (src/inbox/state.ts), so all three use these.
 */

/** `#/lead/<id>`: the lead's view in the inbox page. */
export const leadHash = (id: string) => `#/lead/${encodeURIComponent(id)}`;

/** `/admin/leads#/lead/<id>`: the lead from anywhere on the site, as a notification opens it. */
export const leadPath = (id: string) => `${INBOX_PAGE}${leadHash(id)}`;

/** The lead an address names: `#/lead/<id>`, or `#lead/<id>` as a hand-typed link may have it. */
export function leadIdOf(hash: string): string | null {
  const id = /^#\/?lead\/([^/]+)$/.exec(hash)?.[1];
  if (!id) return null;
  try {
    return decodeURIComponent(id);
  } catch {
    return null;
  }
}
