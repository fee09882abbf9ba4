/**
 * One inbox, one name: the form of an e-mail address that limits, quotas and de-duplication count
 * by, the way mail providers deliver (docs/operations.md §What each function trusts). Mail
 * still goes to the address as typed; only the counting uses this.
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
