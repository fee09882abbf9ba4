import type { ChangeKind } from '../../../src/lib/alerts.ts';
import type { Dealer } from '../../../src/lib/data/dealer.ts';
import { pages } from '../../../src/lib/data/pages.ts';
import { formatPrice } from '../../../src/lib/format.ts';
import { imageUrl, isRaster } from '../../../src/lib/images.ts';
import { formatMonthly } from '../../../src/lib/finance/payments.ts';
import { escapeHtml } from '../text.ts';
import type { PendingChange } from './blobs.ts';

/**
 * The two e-mails of alerts (docs/product.md §Alerts): the confirmation of a request, and the
 * alert itself, each as text and HTML. They repeat no words a visitor typed: alert titles come
 * from our data, and an inventory search is named only as "your search words".
 */

export interface Email {
  subject: string;
  text: string;
  html: string;
}

function footerAddress(dealer: Dealer): string {
  return `${dealer.name}, ${dealer.address.street}, ${dealer.address.city}, ${dealer.address.region} ${dealer.address.postalCode} · ${dealer.phones.local.display}`;
}

const STYLE = {
  body: 'margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#0f172a',
  box: 'max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px',
  button: 'display:inline-block;background:#166534;color:#ffffff;font-weight:600;text-decoration:none;padding:12px 20px;border-radius:8px',
  small: 'margin:0 0 8px;font-size:13px;color:#64748b',
  link: 'color:#166534;font-weight:600',
} as const;

function page(subject: string, content: string): string {
  return [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="${STYLE.body}"><div style="${STYLE.box}">`,
    content,
    '</div></body></html>',
  ].join('');
}

export function confirmationEmail(input: { title: string; confirmUrl: string; days: number }, dealer: Dealer, site: string): Email {
  const subject = `Confirm your alert from ${dealer.name}`;
  const until = `The link works for ${input.days} days. Until you confirm, we send you nothing else.`;
  const why = `You receive this e-mail because this address was entered on ${site.replace(/^https?:\/\//, '')} to ask for an alert. If that was not you, ignore this e-mail: the request is deleted after ${input.days} days.`;
  const promise = 'Once it is on, we e-mail you at most once a day, only when a cart matches, and every e-mail has a link to end your alerts.';
  const text = [
    `Please confirm your alert from ${dealer.name}:`,
    '',
    `  ${input.title}`,
    '',
    'Confirm it here:',
    input.confirmUrl,
    '',
    until,
    promise,
    '',
    why,
    '',
    footerAddress(dealer),
  ].join('\n');
  const html = page(
    subject,
    [
      `<h1 style="margin:0 0 8px;font-size:20px">Confirm your alert</h1>`,
      `<p style="margin:0 0 12px">Please confirm your alert from ${escapeHtml(dealer.name)}:</p>`,
      `<p style="margin:0 0 16px;font-weight:600">${escapeHtml(input.title)}</p>`,
      `<p style="margin:0 0 16px"><a href="${escapeHtml(input.confirmUrl)}" style="${STYLE.button}">Confirm my alert</a></p>`,
      `<p style="margin:0 0 8px">${escapeHtml(until)}</p>`,
      `<p style="margin:0 0 16px">${escapeHtml(promise)}</p>`,
      `<p style="${STYLE.small}">${escapeHtml(why)}</p>`,
      `<p style="${STYLE.small}">${escapeHtml(footerAddress(dealer))}</p>`,
    ].join(''),
  );
  return { subject, text, html };
}

/** The sections of an alert e-mail, in order. */
const SECTIONS: readonly { kind: ChangeKind; heading: string }[] = [
  { kind: 'new', heading: 'New on the lot' },
  { kind: 'back', heading: 'Available again' },
  { kind: 'price-drop', heading: 'Price drops' },
  { kind: 'sold', heading: 'Sold' },
];

function subjectOf(changes: readonly PendingChange[], dealer: Dealer): string {
  const [only] = changes;
  if (changes.length !== 1 || !only) return `${changes.length} updates on the carts you follow - ${dealer.name}`;
  const { name, price } = only.unit;
  const line = {
    new: `New on the lot: ${name}, ${formatPrice(price)}`,
    back: `Available again: ${name}, ${formatPrice(price)}`,
    'price-drop': `Price drop: ${name}, now ${formatPrice(price)}`,
    sold: `Sold: ${name}`,
  }[only.kind];
  return `${line} - ${dealer.name}`;
}

function absolute(src: string, site: string): string {
  if (/^https?:\/\//.test(src)) return src;
  return `${site}${isRaster(src) ? imageUrl(src, 480, 'jpg') : src}`;
}

/** When the e-mail ends the subscriber's last alert (their address is then deleted). */
const LAST = "You have no alert left on, so this is our last e-mail. Ask again on any cart's page whenever you like.";

export interface AlertEmailInput {
  changes: readonly PendingChange[];
  /** Titles of the alerts this e-mail ends (their cart sold, or came free). */
  ended: readonly string[];
  /** Titles of the alerts still on. */
  active: readonly string[];
  manageUrl: string;
  unsubscribeUrl: string;
}

export function alertEmail(input: AlertEmailInput, dealer: Dealer, site: string): Email {
  const subject = subjectOf(input.changes, dealer);
  const link = (change: PendingChange) => `${site}/vehicles/${change.unit.id}`;
  const priceLine = (change: PendingChange) =>
    change.kind === 'sold'
      ? 'Sold. Its page shows similar carts for a while.'
      : `${formatPrice(change.unit.price)}${change.was ? ` (was ${formatPrice(change.was)})` : ''}`;
  const paymentLine = (change: PendingChange) =>
    change.kind !== 'sold' && change.unit.payment ? `Est. ${formatMonthly(change.unit.payment.monthly)} with ${change.unit.payment.terms}*` : undefined;
  const sections = SECTIONS.map((section) => ({ ...section, changes: input.changes.filter((change) => change.kind === section.kind) })).filter(
    (section) => section.changes.length > 0,
  );
  const withPayment = input.changes.some((change) => paymentLine(change));
  const footnote = `* ${pages.financing.disclaimer}`;
  const often = 'We send at most one alert e-mail a day, and only when something matches.';

  const text = [
    `Here is what changed on the lot of ${dealer.name} for your alerts.`,
    ...sections.flatMap((section) => [
      '',
      section.heading.toUpperCase(),
      ...section.changes.flatMap((change) => [
        '',
        change.unit.name,
        priceLine(change),
        ...(paymentLine(change) ? [paymentLine(change) ?? ''] : []),
        link(change),
      ]),
    ]),
    ...(withPayment ? ['', footnote] : []),
    ...(input.active.length > 0 ? ['', 'Your alerts:', ...input.active.map((title) => `- ${title}`)] : []),
    ...(input.ended.length > 0 ? ['', 'Ended with this e-mail (the cart sold or came free):', ...input.ended.map((title) => `- ${title}`)] : []),
    '',
    ...(input.active.length > 0 ? [often, `See or end your alerts: ${input.manageUrl}`, `Unsubscribe from every alert: ${input.unsubscribeUrl}`] : [LAST]),
    '',
    footerAddress(dealer),
  ].join('\n');

  const card = (change: PendingChange) => {
    const image = change.unit.image
      ? `<td width="160" valign="top" style="padding:0 16px 0 0"><a href="${escapeHtml(link(change))}"><img src="${escapeHtml(absolute(change.unit.image, site))}" width="160" height="120" alt="${escapeHtml(change.unit.imageAlt || change.unit.name)}" style="display:block;border-radius:8px;object-fit:cover"></a></td>`
      : '';
    const payment = paymentLine(change);
    return [
      '<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse;width:100%;margin:0 0 16px"><tr>',
      image,
      '<td valign="top">',
      `<p style="margin:0 0 4px;font-weight:700"><a href="${escapeHtml(link(change))}" style="color:#0f172a;text-decoration:none">${escapeHtml(change.unit.name)}</a></p>`,
      `<p style="margin:0 0 4px;font-size:18px;font-weight:700;color:#166534">${escapeHtml(priceLine(change))}</p>`,
      payment ? `<p style="margin:0 0 8px;font-size:14px;color:#334155">${escapeHtml(payment)}</p>` : '',
      `<p style="margin:0"><a href="${escapeHtml(link(change))}" style="${STYLE.link}">View this cart</a></p>`,
      '</td></tr></table>',
    ].join('');
  };
  const list = (titles: readonly string[]) =>
    `<ul style="margin:0 0 12px;padding-left:20px">${titles.map((title) => `<li>${escapeHtml(title)}</li>`).join('')}</ul>`;
  const html = page(
    subject,
    [
      `<h1 style="margin:0 0 8px;font-size:20px">Your cart alert</h1>`,
      `<p style="margin:0 0 16px">Here is what changed on the lot of ${escapeHtml(dealer.name)} for your alerts.</p>`,
      ...sections.map((section) => `<h2 style="margin:24px 0 12px;font-size:16px">${escapeHtml(section.heading)}</h2>${section.changes.map(card).join('')}`),
      withPayment ? `<p style="${STYLE.small}">${escapeHtml(footnote)}</p>` : '',
      '<hr style="border:0;border-top:1px solid #e2e8f0;margin:16px 0">',
      input.active.length > 0 ? `<p style="margin:0 0 4px;font-weight:600">Your alerts</p>${list(input.active)}` : '',
      input.ended.length > 0 ? `<p style="margin:0 0 4px;font-weight:600">Ended with this e-mail (the cart sold or came free)</p>${list(input.ended)}` : '',
      input.active.length > 0
        ? `<p style="margin:0 0 8px">${escapeHtml(often)} <a href="${escapeHtml(input.manageUrl)}" style="${STYLE.link}">See or end your alerts</a></p><p style="${STYLE.small}"><a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#64748b">Unsubscribe from every alert</a></p>`
        : `<p style="margin:0 0 8px">${escapeHtml(LAST)}</p>`,
      `<p style="${STYLE.small}">${escapeHtml(footerAddress(dealer))}</p>`,
    ].join(''),
  );
  return { subject, text, html };
}
