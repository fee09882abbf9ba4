/**
 * The site's speculation rules (docs/decisions/speculative-loading.md, docs/product.md §Speed):
 * one rule set, added to the page by its script once the page is idle (src/scripts/speculation.ts),
 * so the rules cost the page's first flight nothing, and allowed by the page's
 * Content-Security-Policy through its hash like any inline script (src/first-paint/index.ts).
 * Chromium reads them; other browsers ignore them.
 *
 * Which link, how and when:
 * - a unit's "View Details" on a card (`data-speculate="prerender"`): prerendered at `moderate`
 *   (hover on a desktop, pointer-down on a phone): the list → unit step is the one buyers take
 *   most, and a prerendered page is painted at the tap;
 * - every other page link of the site: its document prefetched at `moderate`, and prerendered
 *   at `conservative` (pointer-down), so a tap starts the page at once and a hover costs one
 *   HTML file only.
 *
 * Never speculated: the functions and the admin (`/api/`, `/admin`, `/.netlify/`), the alert
 * links of the e-mails (`/alerts/`, they change what a subscriber gets when their form is sent),
 * the thank-you page a form leads to, files that are no page (feeds, sitemap, lot file, PDFs),
 * links that open elsewhere or download, and any link marked `data-no-speculate`. Forms are
 * never speculated (rules only follow links), nor tel:, sms: or mailto: links (not same-site).
 */

/** The address patterns (URLPattern, relative to the page) that are never speculated. */
export const NEVER_SPECULATED = [
  '/api/*',
  '/admin',
  '/admin/*',
  '/.netlify/*',
  '/alerts/*',
  '/thank-you',
  '/*.xml',
  '/*.json',
  '/*.txt',
  '/*.pdf',
  '/*.csv',
] as const;

/** Links that are no same-tab page of this site, or that a page marks as not to be speculated. */
export const NEVER_SPECULATED_LINKS = '[data-no-speculate], [download], [target]:not([target="_self"]), [rel~="nofollow"]';

/** The attribute that asks for a prerender at `moderate` (VehicleCard's "View Details"). */
export const PRERENDER_ATTRIBUTE = 'data-speculate';

const safePage = {
  and: [{ href_matches: '/*' }, { not: { href_matches: [...NEVER_SPECULATED] } }, { not: { selector_matches: NEVER_SPECULATED_LINKS } }],
};
const unitCard = { selector_matches: `[${PRERENDER_ATTRIBUTE}="prerender"]` };

export const SPECULATION_RULES = {
  prerender: [
    { source: 'document', where: { and: [...safePage.and, unitCard] }, eagerness: 'moderate' },
    { source: 'document', where: { and: [...safePage.and, { not: unitCard }] }, eagerness: 'conservative' },
  ],
  prefetch: [{ source: 'document', where: { and: [...safePage.and, { not: unitCard }] }, eagerness: 'moderate' }],
} as const;

/** The rule set's text, as the page's script adds it; the page's policy allows it by this text's hash. */
export const SPECULATION_RULES_TEXT = JSON.stringify(SPECULATION_RULES);

/**
 * Whether this visitor saves data: Save-Data (Data Saver) or a 2G connection, as Chromium's
 * Network Information API reports them. Document rules cannot test the connection themselves, so
 * the page's script adds the rules only for a visitor who does not.
 */
export function savesData(connection: { saveData?: boolean; effectiveType?: string } | undefined): boolean {
  return Boolean(connection && (connection.saveData || /2g/.test(connection.effectiveType ?? '')));
}
