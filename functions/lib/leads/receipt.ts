import type { Dealer } from '../../../src/lib/data/dealer.ts';
import { models } from '../../../src/lib/data/models.ts';
import { rentalGroups } from '../../../src/lib/data/rentals.ts';
import { catalog } from './catalog.ts';
import { interestLabel, type Lead } from './lead.ts';
import { formOf } from './details.ts';
import { FORM_NAMES } from '../../../src/lib/leads/form-names.ts';
import { pageAddress, receivedText, safeVehicle } from './email.ts';
import { escapeHtml } from '../text.ts';

/**
 * The visitor's receipt (docs/product.md §Leads): what was received (interest, the vehicle or
 * the rental group, the time), when to expect an answer, and the phone number. It repeats no
 * text the visitor typed: no name, no message, and a vehicle or rental group only when it is
 * one of ours (named from data/), so the form cannot carry anyone's words to a third party.
 */

export interface ReceiptEmail {
  subject: string;
  text: string;
  html: string;
}

/** The catalog name of the lead's vehicle, only when the lead names a unit or a model we have. */
function knownVehicle(lead: Lead): string | undefined {
  if (lead.unit && catalog.units.some((unit) => unit.id === lead.unit?.id)) return catalog.units.find((unit) => unit.id === lead.unit?.id)?.name;
  const ref = lead.source.vehicle;
  if (!ref) return undefined;
  const known = catalog.units.some((unit) => unit.id === ref) || models.some((model) => model.slug === ref);
  return known ? safeVehicle(lead)?.label : undefined;
}

/** The rental group of a reservation lead, named from data/rentals.json, or undefined when it is not one we rent. */
export function knownRentalGroup(lead: Lead): string | undefined {
  const id = lead.reservation?.group.id;
  return id === undefined ? undefined : rentalGroups.find((candidate) => candidate.id === id)?.name;
}

export function receiptEmail(lead: Lead, dealer: Dealer, site: string): ReceiptEmail {
  const interest = interestLabel(lead.inquiry.interest);
  const vehicle = knownVehicle(lead);
  const group = knownRentalGroup(lead);
  const when = receivedText(lead.receivedAt);
  const phone = dealer.phones.local;
  const { maxHours, typical } = dealer.inquiryResponse;
  const form = formOf(lead);
  const newer = form !== 'contact' && form !== 'reservation';
  const subject = newer ? `We received your ${FORM_NAMES[form].title} - ${dealer.name}` : `We received your ${interest.toLowerCase()} inquiry - ${dealer.name}`;
  const rows: [string, string][] = [
    ...(newer ? [['Request', FORM_NAMES[form].title.replace(/^./, (c) => c.toUpperCase())] as [string, string]] : []),
    ['Interest', interest],
    ...(vehicle ? [['Vehicle', vehicle] as [string, string]] : []),
    ...(group ? [['Rental cart', group] as [string, string]] : []),
    ['Received', when],
  ];
  const answer = `We answer within ${maxHours} hours, typically within ${typical} during business hours.`;
  const call = `Need us sooner? Call ${phone.display}.`;
  const where = newer ? `a form on our website, ${pageAddress('/', site)}` : `the contact form at ${pageAddress('/contact', site)}`;
  const why = `You receive this e-mail because this address was entered in ${where}. If that was not you, no action is needed: we only write again to answer the inquiry.`;
  const address = `${dealer.name}, ${dealer.address.street}, ${dealer.address.city}, ${dealer.address.region} ${dealer.address.postalCode}`;

  const text = [
    `Thank you for contacting ${dealer.name}. We received your inquiry:`,
    '',
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(13)}${value}`),
    '',
    answer,
    call,
    '',
    why,
    '',
    address,
  ].join('\n');

  const row = ([label, value]: [string, string]) =>
    `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;color:#475569;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`;
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#0f172a">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">',
    `<h1 style="margin:0 0 8px;font-size:20px">We received your inquiry</h1>`,
    `<p style="margin:0 0 16px">Thank you for contacting ${escapeHtml(dealer.name)}.</p>`,
    `<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse;font-size:15px">${rows.map(row).join('')}</table>`,
    `<p style="margin:16px 0 4px">${escapeHtml(answer)}</p>`,
    `<p style="margin:0 0 16px">Need us sooner? Call <a href="tel:${escapeHtml(phone.e164)}" style="color:#166534;font-weight:600">${escapeHtml(phone.display)}</a>.</p>`,
    `<p style="margin:0 0 8px;font-size:13px;color:#64748b">${escapeHtml(why)}</p>`,
    `<p style="margin:0;font-size:13px;color:#64748b">${escapeHtml(address)}</p>`,
    '</div></body></html>',
  ].join('');
  return { subject, text, html };
}
