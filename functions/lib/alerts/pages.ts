import { createHash } from 'node:crypto';
import type { Dealer } from '../../../src/lib/data/dealer.ts';
import { FORM_PAGE_STYLE, functionPageHtml } from '../leads/form-page.ts';
import { SECURITY_HEADERS } from '../http/responses.ts';
import { escapeHtml } from '../text.ts';

/**
 * The small pages the alert links open (docs/product.md §Alerts): confirm an alert, see and end
 * alerts, unsubscribe from all, and the subscription form again when the address was not valid.
 * Each is one HTML document with its own style, allowed by hash; links carry the signed
 * address, so the pages are not cached, not indexed and send no Referer.
 */

const STYLE = `${FORM_PAGE_STYLE}
.note{color:#475569}.alerts{list-style:none;padding:0;margin:1rem 0;display:grid;gap:.75rem}.alerts li{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem;display:flex;flex-wrap:wrap;gap:.75rem;justify-content:space-between;align-items:center}
.alerts form{background:none;border:0;padding:0}.secondary{background:#fff;color:#166534;border:2px solid #166534}.secondary:hover{background:#f0fdf4}.ok{border:2px solid #166534;background:#f0fdf4;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0}
`;
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

export const ALERT_PAGE_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
  'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
};

export function alertPage(status: number, title: string, body: string, dealer: Dealer, headers: Record<string, string> = {}): Response {
  const html = functionPageHtml(
    title,
    dealer,
    STYLE,
    `<h1>${escapeHtml(title)}</h1>
${body}`,
  );
  return new Response(html, { status, headers: { ...ALERT_PAGE_HEADERS, ...headers } });
}

/** A form that posts to `action` with one button (the values ride in its address or hidden fields). */
export function buttonForm(action: string, label: string, hidden: Record<string, string> = {}, secondary = false): string {
  const fields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form method="post" action="${escapeHtml(action)}">${fields}<button type="submit"${secondary ? ' class="secondary"' : ''}>${escapeHtml(label)}</button></form>`;
}

export const p = (text: string, className?: string) => `<p${className ? ` class="${className}"` : ''}>${escapeHtml(text)}</p>`;
export const backLinks = '<p><a href="/new-inventory">Browse the inventory</a> · <a href="/privacy#alerts">How we handle alerts</a></p>';
