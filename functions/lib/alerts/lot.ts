import { alertTitle, NO_FILTERS, type Alert, type AlertFilters, type AlertNames, type PublishedUnit } from '../../../src/lib/alerts.ts';
import { finance, unitModelSlug, unitPayment } from '../../../src/lib/data/lot.ts';
import { models } from '../../../src/lib/data/models.ts';
import { brandName, priceBands, units, vehicleBrands, vehicleCategories, type Vehicle } from '../../../src/lib/data/vehicles.ts';
import { cleanLine } from '../../../src/lib/leads/inquiry.ts';
import { filterChoices, filtersFromQuery } from '../../../src/lib/inventory/filter.ts';
import { fullName } from '../../../src/lib/models/models.ts';
import { paymentTermsText } from '../../../src/lib/finance/payments.ts';
import { categoryLabel } from '../../../src/lib/units/display.ts';
import { stringField } from '../leads/intake.ts';

/**
 * The lot this function was bundled with, as alerts see it (docs/product.md §Alerts): read only
 * through src/lib/data/, like every page of the same deploy.
 */

export function publishedUnit(unit: Vehicle): PublishedUnit {
  const model = unitModelSlug(unit);
  const payment = unit.status === 'available' ? unitPayment(unit) : undefined;
  return {
    id: unit.id,
    name: unit.name,
    description: unit.description,
    brand: unit.brand,
    ...(unit.category ? { category: unit.category } : {}),
    ...(model ? { model } : {}),
    price: unit.price,
    status: unit.status,
    streetLegal: unit.streetLegal,
    stockNumber: unit.stockNumber,
    ...(unit.images[0] ? { image: unit.images[0] } : {}),
    ...(unit.imageAlts?.[0] ? { imageAlt: unit.imageAlts[0] } : {}),
    ...(payment ? { payment: { monthly: payment.monthly, terms: paymentTermsText(payment, finance.defaults.downPaymentPercent) } } : {}),
  };
}

/** Every unit of this deploy's data, sold ones included. */
export function bundledLot(): PublishedUnit[] {
  return units.map(publishedUnit);
}

export const alertNames: AlertNames = {
  brand: brandName,
  category: categoryLabel,
  model: (slug) => {
    const model = models.find((candidate) => candidate.slug === slug);
    return model ? fullName(model) : undefined;
  },
  unit: (id) => units.find((unit) => unit.id === id),
};

export function titleOf(alert: Alert, options: { withSearch?: boolean } = {}): string {
  return alertTitle(alert, alertNames, priceBands, options);
}

/** What the subscription form may ask for (docs/product.md §Alerts). */
export const ALERT_FORMS = ['inventory', 'model', 'price', 'free', 'like'] as const;
export type AlertForm = (typeof ALERT_FORMS)[number];

export const ALERT_REQUEST_ERRORS = {
  kind: 'This alert is not one we offer',
  unit: 'This cart is no longer on our lot',
  model: 'We have no such model',
  status: 'This alert does not fit the cart as it is now',
} as const;

const FILTER_FIELDS = ['search', 'brand', 'category', 'price', 'street'] as const;

/** The values the inventory's selects offer (reading a query needs the values, not the labels). */
const choices = filterChoices(
  vehicleBrands.map((value) => ({ value, label: value })),
  vehicleCategories.map((value) => ({ value, label: value })),
  priceBands,
);

/** The inventory filters of a request: sent as fields, or else those of the inventory address it came from. */
function requestFilters(fields: Record<string, unknown>, referer: URL | undefined): AlertFilters {
  const sent = FILTER_FIELDS.some((name) => stringField(fields[name]) !== undefined);
  const query = sent
    ? new URLSearchParams(FILTER_FIELDS.flatMap((name) => (stringField(fields[name]) !== undefined ? [[name, stringField(fields[name]) ?? '']] : [])))
    : referer && ['/inventory', '/new-inventory'].includes(referer.pathname.replace(/\/+$/, ''))
      ? referer.searchParams
      : new URLSearchParams();
  const { search, brand, category, price, street } = filtersFromQuery(query, choices);
  return { ...NO_FILTERS, search: cleanLine(search, 100) ?? '', brand, category, price, street };
}

/**
 * The alert a subscription form asks for: `alert` names the form (inventory, model, price, free,
 * like) and `unit` or `model` what it is about; the inventory form's filters come from the
 * address of the list the visitor was looking at (the Referer of a same-site form post).
 */
export function alertFromRequest(fields: Record<string, unknown>, referer: URL | undefined): { alert: Alert } | { error: string } {
  const form = stringField(fields.alert);
  if (!form || !(ALERT_FORMS as readonly string[]).includes(form)) return { error: ALERT_REQUEST_ERRORS.kind };
  if (form === 'inventory') return { alert: { kind: 'arrivals', filters: requestFilters(fields, referer) } };
  if (form === 'model') {
    const slug = stringField(fields.model);
    if (!slug || !models.some((model) => model.slug === slug)) return { error: ALERT_REQUEST_ERRORS.model };
    return { alert: { kind: 'arrivals', filters: { ...NO_FILTERS }, model: slug } };
  }
  const id = stringField(fields.unit);
  const unit = units.find((candidate) => candidate.id === id);
  if (!unit) return { error: ALERT_REQUEST_ERRORS.unit };
  if (form === 'price') return unit.status === 'available' ? { alert: { kind: 'price', unit: unit.id } } : { error: ALERT_REQUEST_ERRORS.status };
  if (form === 'free') return unit.status === 'on-hold' ? { alert: { kind: 'free', unit: unit.id } } : { error: ALERT_REQUEST_ERRORS.status };
  // "One like it": the same model when it has a page, else the same brand and series (the brand alone while it has none).
  const model = unitModelSlug(unit);
  return {
    alert: model
      ? { kind: 'arrivals', filters: { ...NO_FILTERS }, model }
      : { kind: 'arrivals', filters: { ...NO_FILTERS, brand: unit.brand, category: unit.category ?? NO_FILTERS.category } },
  };
}
