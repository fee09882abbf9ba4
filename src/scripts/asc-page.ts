import { clickToCallEvent, ctaEvent, pageviewEvents } from '../lib/analytics/page-events.ts';
import { pageTypeOf, pushAsc, whenActivated, type AscItem, type AscPageType } from '../lib/analytics/asc.ts';

/**
 * The page's analytics events (docs/product.md §Analytics), from what the layout put on <body>:
 * the page type, the unit of a unit page, the count of a list page, and the dealer's tag
 * manager container. The page views go to window.asc_datalayer at once (a few array entries,
 * no network), or on a prerendered page once the visitor sees it; calls and calls to action as
 * the visitor clicks them; the tag manager, when the dealer set one, loads once the page is
 * idle and shown. Nothing here reads a form.
 */

const body = document.body.dataset;
const pageType = (body.ascPageType as AscPageType | undefined) ?? pageTypeOf(location.pathname, false);
const item = body.ascItem ? (JSON.parse(body.ascItem) as AscItem) : undefined;
const results = Number(body.ascResults ?? 0);

const layer = ((window as unknown as { asc_datalayer?: { events: unknown[]; page_type?: string; items?: AscItem[] } }).asc_datalayer ??= { events: [] });
layer.page_type = pageType;
layer.items = item ? [item] : [];
const views = pageviewEvents(pageType, item ? [item] : []);
pushAsc(
  window,
  views.map((event) => (event.event === 'asc_itemlist_pageview' ? { ...event, item_results: results } : event)),
);

/** Buttons and button-like links outside forms are the page's calls to action. */
const CTA = 'a.btn, button.btn, [data-asc-cta]';

document.addEventListener(
  'click',
  (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const call = target?.closest<HTMLAnchorElement>('a[href^="tel:"]');
    if (call) {
      pushAsc(window, [clickToCallEvent(pageType, call.href.slice(4), item)]);
      return;
    }
    const cta = target?.closest<HTMLElement>(CTA);
    if (!cta || cta.closest('form')) return;
    const url = cta instanceof HTMLAnchorElement ? cta.href : '';
    pushAsc(window, [ctaEvent(pageType, { text: cta.textContent ?? '', url, newTab: cta instanceof HTMLAnchorElement && cta.target === '_blank' }, item)]);
  },
  { capture: true },
);

const container = body.gtmId;
if (container && /^GTM-[A-Z0-9]+$/.test(container)) {
  const load = () => {
    const w = window as unknown as { dataLayer: Record<string, unknown>[] };
    w.dataLayer ??= [];
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${container}`;
    document.head.append(script);
  };
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(load, { timeout: 4000 }) : setTimeout(load, 1000));
  // A prerendered page loads the tag manager (which counts a view of its own) once it is shown.
  const start = () => (document.readyState === 'complete' ? idle() : addEventListener('load', idle, { once: true }));
  whenActivated(window, start);
}
