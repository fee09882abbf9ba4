/**
 * Two forms of an e-mail address, for two purposes (docs/product.md §Privacy):
 *
 * - `personAddress`: whose records these are. A privacy request finds and deletes the records
 *   of the address asked about, and of no other: the address as typed, trimmed, with letter case
 *   ignored in the whole of it (mail providers deliver `Jane@Example.com` to jane@example.com).
 *   A dot or a +tag makes another address: `bob+other@…` or `b.ob@gmail.com` may be someone else.
 * - `mailboxKey`: what limits count. Nobody's records are found by it.
 */
export function personAddress(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * One inbox, one name: the form of an e-mail address that limits, quotas and de-duplication count
 * by, the way mail providers deliver (docs/operations.md §What each function trusts). Mail
 * still goes to the address as typed; only the counting uses this, never a privacy request.
 *
 * - case does not matter (`Jane@Example.com` is `jane@example.com`);
 * - a `+tag` after the name is dropped for every provider (`jane+1@…`, `jane+2@…` reach jane@…:
 *   Gmail, Outlook, iCloud, Fastmail and most others deliver them to one inbox);
 * - at Gmail, dots in the name do not matter and googlemail.com is gmail.com.
 *
 * A domain that treats `+` or dots as part of distinct names would count two of its people as
 * one: they share a limit, which errs on the side of sending less.
 */
const GMAIL = new Set(['gmail.com', 'googlemail.com']);

export function mailboxKey(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let name = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = name.indexOf('+');
  if (plus > 0) name = name.slice(0, plus);
  if (GMAIL.has(domain)) {
    name = name.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${name}@${domain}`;
}
