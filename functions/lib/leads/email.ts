import type { Dealer } from '../../../src/lib/data/dealer.ts';
import { DEALER_TIME_ZONE } from '../../../src/lib/units/build-clock.ts';
import type { VehicleDescription } from '../../../src/lib/leads/inquiry.ts';
import { leadVehicle } from './catalog.ts';
import { interestLabel, TEST_LEAD, type Lead } from './lead.ts';
import { detailBlocks, formOf, formSubject, type PhotoLinker } from './details.ts';
import { FORM_NAMES } from '../../../src/lib/leads/form-names.ts';
import { escapeHtml, oneLine } from '../text.ts';
import { reservationHtml, reservationSubject, reservationText } from './reservation-email.ts';

/** The dealer's e-mail about one lead: a subject, a plain-text body and the same as HTML. */
export interface LeadEmail {
  subject: string;
  text: string;
  html: string;
}

/** "Saturday, June 7, 2025 at 10:15 AM EDT": when the lead arrived, in the dealer's time (the text as stored if it is no date). */
export function receivedText(iso: string, timeZone = DEALER_TIME_ZONE): string {
  if (!Number.isFinite(Date.parse(iso))) return String(iso);
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso)) + ` ${zoneAbbreviation(iso, timeZone)}`;
}

/** A page path as a full address on the site; the path as it is when it cannot be one. */
export function pageAddress(page: string, site: string): string {
  for (const base of [site, 'https://site.invalid']) {
    try {
      const url = new URL(page, base);
      if (url.protocol === 'https:' || url.protocol === 'http:') return base === site ? url.href : page;
    } catch {
      // Try the next base; a page that is no address at all is shown as text.
    }
  }
  return page;
}

/** The vehicle named for people, or undefined when the lead names none (or naming it fails). */
export function safeVehicle(lead: Lead): VehicleDescription | undefined {
  try {
    return leadVehicle(lead);
  } catch {
    return undefined;
  }
}

function zoneAbbreviation(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(iso)).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/**
 * The dealer's message. Total: it answers for every lead that parses as a stored lead (a page
 * or date that is no address or time is shown as text), so a lead never waits on its own e-mail.
 */
export function leadEmail(lead: Lead, dealer: Dealer, site: string, photoLink?: PhotoLinker): LeadEmail {
  const { inquiry, source } = lead;
  const name = oneLine(`${inquiry.firstName} ${inquiry.lastName}`, 80);
  const interest = interestLabel(inquiry.interest);
  const vehicle = safeVehicle(lead);
  const form = formOf(lead);
  const newer = formSubject(lead, name);
  let subject = lead.reservation
    ? oneLine(reservationSubject(name, lead.reservation), 200)
    : newer
      ? oneLine(newer, 200)
      : `New ${interest.toLowerCase()} inquiry from ${name}${vehicle ? ` about the ${oneLine(vehicle.label, 60)}` : ''}`;
  if (lead.test) subject = `${TEST_LEAD.subjectPrefix}${subject}`;
  const what = form === 'contact' || form === 'reservation' ? 'inquiry' : FORM_NAMES[form].title;
  const heading = form === 'contact' || form === 'reservation' ? `New ${interest.toLowerCase()} inquiry` : `New ${FORM_NAMES[form].title}`;
  const blocks = detailBlocks(lead, site, photoLink);
  const utm = Object.entries(source.utm)
    .map(([key, value]) => `${key.replace('utm_', '')}=${value}`)
    .join(', ');
  const page = source.page ? pageAddress(source.page, site) : undefined;

  const details: [string, string | undefined][] = [
    ['Name', `${inquiry.firstName} ${inquiry.lastName}`],
    ['Email', inquiry.email],
    ['Phone', inquiry.phone],
    ['Interest', interest],
    ['Vehicle', vehicle && !lead.unit ? `${vehicle.label} (${source.vehicle})` : undefined],
  ];
  const origin: [string, string | undefined][] = [
    ['Page', page],
    ['Referrer', source.referrer],
    ['Campaign', utm || undefined],
    ['Browser', source.userAgent],
    ['Received', receivedText(lead.receivedAt)],
    ['Lead id', lead.id],
  ];
  const present = (rows: [string, string | undefined][]) => rows.filter((row): row is [string, string] => Boolean(row[1]));

  const text = [
    ...(lead.test ? [TEST_LEAD.notice, ''] : []),
    `New ${what} from the ${dealer.name} website. Reply to this e-mail to answer ${name} directly.`,
    '',
    ...present(details).map(([label, value]) => `${`${label}:`.padEnd(10)}${oneLine(value, 500)}`),
    '',
    ...(lead.reservation ? [...reservationText(lead.reservation), ''] : []),
    ...blocks.flatMap((block) => [`${block.heading}:`, ...block.rows.map(([label, value]) => `  ${`${label}:`.padEnd(15)}${oneLine(value, 500)}`), '']),
    'Message:',
    inquiry.message,
    '',
    '-- Where it came from --',
    ...present(origin).map(([label, value]) => `${`${label}:`.padEnd(10)}${oneLine(value, 500)}`),
    '',
    'The ADF/XML copy of this lead is attached for the CRM.',
  ].join('\n');

  const row = ([label, value]: [string, string]) =>
    `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;color:#475569;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${cell(label, value)}</td></tr>`;
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>',
    escapeHtml(subject),
    '</title></head><body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#0f172a">',
    '<div style="max-width:640px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">',
    lead.test ? `<p style="margin:0 0 16px;padding:12px;background:#fef3c7;border-radius:8px;font-weight:600">${escapeHtml(TEST_LEAD.notice)}</p>` : '',
    `<h1 style="margin:0 0 4px;font-size:20px">${escapeHtml(heading)}</h1>`,
    `<p style="margin:0 0 16px;color:#475569">From the ${escapeHtml(dealer.name)} website. Reply to this e-mail to answer ${escapeHtml(name)} directly.</p>`,
    `<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse;font-size:15px">${present(details).map(row).join('')}</table>`,
    lead.reservation ? reservationHtml(lead.reservation) : '',
    ...blocks.map(
      (block) =>
        `<h2 style="margin:20px 0 8px;font-size:16px">${escapeHtml(block.heading)}</h2><table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse;font-size:15px">${block.rows.map(row).join('')}</table>`,
    ),
    '<h2 style="margin:20px 0 8px;font-size:16px">Message</h2>',
    `<div style="white-space:pre-wrap;padding:12px;background:#f1f5f9;border-radius:8px;font-size:15px">${escapeHtml(inquiry.message)}</div>`,
    '<h2 style="margin:20px 0 8px;font-size:16px">Where it came from</h2>',
    `<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse;font-size:13px;color:#334155">${present(origin).map(row).join('')}</table>`,
    '<p style="margin:16px 0 0;font-size:13px;color:#64748b">The ADF/XML copy of this lead is attached for the CRM.</p>',
    '</div></body></html>',
  ].join('');

  return { subject, text, html };
}

/** E-mail and phone become links (with escaped, checked targets); everything else is text. */
function cell(label: string, value: string): string {
  const shown = escapeHtml(value);
  // Our own addresses (a unit's page, a photo's signed link) are links; what the visitor typed never is.
  if (label === 'Listing' || /^Photo \d+$/.test(label)) {
    return shown.replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${/^Photo/.test(label) ? 'open the photo' : url}</a>`);
  }
  if (label === 'Email') return `<a href="mailto:${encodeURIComponent(value).replace(/%40/g, '@')}">${shown}</a>`;
  if (label === 'Phone') {
    const digits = value.replace(/[^\d+]/g, '');
    return digits.length >= 10 ? `<a href="tel:${digits}">${shown}</a>` : shown;
  }
  return shown;
}

/**
 * The plain copy sent when the usual message could not be built or was refused a few times for
 * its content: text only, no attachment, no reply-to, an ASCII subject, every field as stored.
 */
export function fallbackEmail(lead: Lead, reason: string): { subject: string; text: string } {
  const json = (value: unknown) => JSON.stringify(value, null, 2) ?? String(value);
  return {
    subject: `${lead.test ? TEST_LEAD.subjectPrefix : ''}Website inquiry ${String(lead.id).replace(/[^\w-]/g, '')} (plain copy)`,
    text: [
      ...(lead.test ? [TEST_LEAD.notice, ''] : []),
      'A website inquiry could not be sent in the usual format, so here it is as it was stored.',
      `Why: ${oneLine(String(reason), 300)}`,
      'Answer the visitor at the e-mail address or phone number below.',
      '',
      json({ id: lead.id, receivedAt: lead.receivedAt, ...lead.inquiry }),
      '',
      'Where it came from:',
      json(lead.source),
    ].join('\n'),
  };
}
