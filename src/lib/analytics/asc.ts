/**
 * The dealer-standard analytics events (docs/product.md §Analytics): the Automotive Standards
 * Council's GA4 event names and parameters, pushed to `window.asc_datalayer.events` and, for
 * Google Tag Manager, to `window.dataLayer`. Pure builders: these are the form islands' (the page's own events are in
 * page-events.ts, so the islands do not carry them). No event carries anything a visitor typed: names, addresses, phone numbers and
 * messages never leave the form; a unit is described by the dealer's own facts.
 */

/** ASC page types the site's pages map to. */
export type AscPageType = 'home' | 'itemlist' | 'item' | 'showroom' | 'service' | 'finance' | 'contact' | 'trade' | 'parts' | 'about' | 'custom' | 'error';

/** ASC departments; a form submission's variant event is named after one of the four. */
export type AscDepartment = 'sales' | 'service' | 'parts' | 'trade' | 'rental' | 'general';
const VARIANTS: ReadonlySet<AscDepartment> = new Set(['sales', 'service', 'parts', 'trade']);

export const EVENT_OWNER = 'dealer_website';

/** A unit on the lot as the ASC item parameters describe it. */
export interface AscItem {
  item_id: string;
  item_number: string;
  item_price: number;
  item_condition: string;
  item_year: string;
  item_make: string;
  item_model: string;
  item_color: string;
  item_type: string;
  item_fuel_type: string;
}

export type AscEvent = { event: string } & Record<string, string | number | boolean | AscItem[] | undefined>;

const lower = (value: string | number | undefined) =>
  String(value ?? '')
    .trim()
    .toLowerCase();

/** The page type of a site address (one list for every page; unit pages are told by their Vehicle data). */
export function pageTypeOf(path: string, hasVehicle: boolean): AscPageType {
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === '/') return 'home';
  if (clean.startsWith('/vehicles/')) return hasVehicle ? 'item' : clean.endsWith('/ask') ? 'contact' : 'showroom';
  if (['/new-inventory', '/inventory', '/denago', '/evolution'].includes(clean) || /^\/inventory\//.test(clean)) return 'itemlist';
  if (['/vehicles', '/compare', '/showroom'].includes(clean)) return 'showroom';
  if (['/services', '/schedule-service'].includes(clean)) return 'service';
  if (clean === '/parts') return 'parts';
  if (clean === '/trade-in') return 'trade';
  if (clean === '/financing') return 'finance';
  if (['/contact', '/thank-you'].includes(clean)) return 'contact';
  if (clean === '/about') return 'about';
  return 'custom';
}

/** A unit of the lot (data/) as an ASC item, for pages that name it without its structured data. */
export function itemFromUnit(
  unit: {
    vin?: string;
    serialNumber?: string;
    id: string;
    stockNumber: string;
    price: number;
    condition: string;
    year: number;
    model?: string;
    name: string;
    exteriorColor: string;
  },
  make: string,
): AscItem {
  return {
    item_id: unit.vin ?? unit.serialNumber ?? unit.id,
    item_number: unit.stockNumber,
    item_price: unit.price,
    item_condition: unit.condition === 'used' || unit.condition === 'demo' ? 'used' : 'new',
    item_year: String(unit.year),
    item_make: lower(make),
    item_model: lower(unit.model ?? unit.name),
    item_color: lower(unit.exteriorColor),
    item_type: 'golf_cart',
    item_fuel_type: 'electric',
  };
}

/** A form as the events name it. */
export interface AscForm {
  /** "trade_in", "service_appointment" … */
  name: string;
  /** "sales", "service", … */
  type: string;
  department: AscDepartment;
}

export function formEngagementEvent(pageType: AscPageType, form: AscForm, item?: AscItem): AscEvent {
  return {
    event: 'asc_form_engagement',
    event_owner: EVENT_OWNER,
    page_type: pageType,
    comm_type: 'form',
    comm_status: 'start',
    department: form.department,
    form_name: form.name,
    form_type: form.type,
    ...(item ?? {}),
  };
}

/** The submission and its department's variant (asc_form_submission_sales …), only once the server accepted the lead. */
export function formSubmissionEvents(pageType: AscPageType, form: AscForm, item?: AscItem): AscEvent[] {
  const event: AscEvent = {
    event: 'asc_form_submission',
    event_owner: EVENT_OWNER,
    page_type: pageType,
    comm_type: 'form',
    comm_outcome: 'crm_update',
    department: form.department,
    form_name: form.name,
    form_type: form.type,
    ...(item ?? {}),
  };
  return VARIANTS.has(form.department) ? [event, { ...event, event: `asc_form_submission_${form.department}` }] : [event];
}

interface AscWindow {
  asc_datalayer?: { events: AscEvent[]; page_type?: string; items?: AscItem[] };
  dataLayer?: Record<string, unknown>[];
}

/**
 * Runs `then` now, or, on a page the browser is prerendering, once the visitor sees it
 * (docs/product.md §Analytics: nothing counts before it is seen). Callbacks keep their order.
 */
export function whenActivated(target: Window, then: () => void): void {
  const document = target.document as Document & { prerendering?: boolean };
  if (document.prerendering) document.addEventListener('prerenderingchange', then, { once: true });
  else then();
}

/**
 * Pushes events to window.asc_datalayer.events and window.dataLayer (the tag manager reads the
 * latter); on a prerendered page, once it is shown.
 */
export function pushAsc(target: Window, events: readonly AscEvent[]): void {
  whenActivated(target, () => {
    const w = target as unknown as AscWindow;
    w.asc_datalayer ??= { events: [] };
    w.dataLayer ??= [];
    for (const event of events) {
      w.asc_datalayer.events.push(event);
      w.dataLayer.push({ ...event });
    }
  });
}

/** The page's type and unit, as the page script found them (the form islands add them to their events). */
export function pageContext(target: Window): { pageType: AscPageType; item?: AscItem } {
  const layer = (target as unknown as AscWindow).asc_datalayer;
  const pageType = (layer?.page_type as AscPageType | undefined) ?? pageTypeOf(target.location.pathname, false);
  const item = pageType === 'item' ? layer?.items?.[0] : undefined;
  return { pageType, ...(item ? { item } : {}) };
}
