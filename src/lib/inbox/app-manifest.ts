/**
 * The inbox as an app on a phone (docs/product.md §Inbox on a phone): its web app manifest, the
 * service worker's address and scope, and the icons (made once from public/images/logo-mark.svg
 * and kept in public/admin/inbox/; nothing is drawn at build time). Pure: the page and the
 * manifest's route read it.
 */

/** The inbox's page (src/pages/admin/leads.astro): the app's start and scope. */
export const INBOX_PAGE = '/admin/leads';
/** The worker's file sits in /admin/, so it may take the inbox's scope without a Service-Worker-Allowed header. */
export const INBOX_WORKER = '/admin/leads-sw.js';
export const INBOX_SCOPE = INBOX_PAGE;
export const INBOX_MANIFEST = '/admin/inbox/manifest.webmanifest';
/** The palette's brand green (src/styles/global.css --color-brand-900) and the inbox page's background (Tailwind's slate-50). */
export const INBOX_THEME = '#14532d';
export const INBOX_BACKGROUND = '#f8fafc';

export const INBOX_ICONS = [
  { src: '/admin/inbox/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/admin/inbox/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/admin/inbox/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

export function inboxManifest(dealerName: string) {
  return {
    id: INBOX_PAGE,
    name: `Leads · ${dealerName}`,
    short_name: 'Leads',
    description: `The leads of ${dealerName}: read and answer them, and hear of new ones.`,
    start_url: INBOX_PAGE,
    scope: INBOX_SCOPE,
    display: 'standalone',
    theme_color: INBOX_THEME,
    background_color: INBOX_BACKGROUND,
    icons: INBOX_ICONS,
  };
}
