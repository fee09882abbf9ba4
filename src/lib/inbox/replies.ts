import type { RepliesFile } from '../../../data/schemas/replies.ts';
import { smsHref, telHref } from '../phone.ts';

/**
 * The first answer to a lead in one tap (docs/product.md §Inbox): call, text and e-mail links to
 * the visitor, the text and the e-mail started from the dealer's templates (data/replies.json),
 * their placeholders filled from the lead. Pure: the inbox's API hands the links out with a lead.
 */

export const REPLY_CHANNELS = ['call', 'text', 'email'] as const;
export type ReplyChannel = (typeof REPLY_CHANNELS)[number];

export interface ReplyLead {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  /** The unit the lead is about, if any. */
  unit: { name: string; stockNumber: string } | null;
  /** The dealer's name and the lead's store, its name and number as printed. */
  dealer: string;
  store: { name: string; phone: string };
}

export type ReplyLinks = Record<ReplyChannel, string>;

/** A template with its {placeholders} filled; the schema (data/schemas/replies.ts) lets no other name through. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([^{}]*)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * A mailto: link (RFC 6068): the address as it is (only what would end it is encoded), the
 * subject and body percent-encoded, line breaks as CRLF.
 */
export function mailtoHref(address: string, subject: string, body: string): string {
  const encode = (text: string) => encodeURIComponent(text.replace(/\r?\n/g, '\r\n'));
  return `mailto:${encodeURIComponent(address).replace(/%40/g, '@')}?subject=${encode(subject)}&body=${encode(body)}`;
}

export function replyLinks(templates: RepliesFile, lead: ReplyLead): ReplyLinks {
  const set = lead.unit ? templates.aboutAUnit : templates.general;
  const values: Record<string, string> = {
    firstName: lead.firstName.trim(),
    lastName: lead.lastName.trim(),
    dealer: lead.dealer,
    store: lead.store.name,
    storePhone: lead.store.phone,
    ...(lead.unit ? { unit: lead.unit.name, stockNumber: lead.unit.stockNumber } : {}),
  };
  return {
    call: telHref(lead.phone),
    text: smsHref(lead.phone, fillTemplate(set.text, values)),
    email: mailtoHref(lead.email, fillTemplate(set.emailSubject, values), fillTemplate(set.emailBody, values)),
  };
}
