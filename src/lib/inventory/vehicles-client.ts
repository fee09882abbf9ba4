import { fetchWithRetry, HttpStatusError, type RetryOptions } from './fetch-with-retry.ts';

/** The fields of a unit the inventory grid and its filters use (a subset of the vehicle of docs/product.md §Units). */
export interface InventoryItem {
  id: string;
  name: string;
  description: string;
  brand: string;
  /** None while an imported unit waits for an editor to pick it (docs/product.md §Import). */
  category?: string;
  price: number;
  images: string[];
  isNew: boolean;
  /** Unit facts shown on cards and used by the street-legal filter and the sort (docs/product.md §Units). */
  status: 'available' | 'on-hold' | 'sold';
  streetLegal: boolean;
  exteriorColor: string;
  listedDate: string;
  estimatedPayment: { monthly: number };
  /** The store whose lot it is on, with several stores only (docs/product.md §Stores). */
  lot?: UnitLot;
}

/** "On the lot in {city}", linking to the store's page. */
export interface UnitLot {
  /** The store's slug. */
  store: string;
  city: string;
  path: string;
}

/**
 * The lot as the inventory island lists it: every listed unit in the lot's order, with only what
 * the grid, the filters and the sorts read. A static file of the build (src/pages/new-inventory/lot.json.ts),
 * cached by the CDN, fetched when the visitor first filters, sorts or turns a page.
 */
export const INVENTORY_LOT_PATH = '/new-inventory/lot.json';

/** Keeps only what the grid needs (the first image is the card image). */
export function toInventoryItem(vehicle: InventoryItem): InventoryItem {
  const { id, name, description, brand, category, price, images, isNew, status, streetLegal, exteriorColor, listedDate, estimatedPayment, lot } = vehicle;
  return {
    id,
    name,
    description,
    brand,
    ...(category ? { category } : {}),
    price,
    images: images.slice(0, 1),
    isNew,
    status,
    streetLegal,
    exteriorColor,
    listedDate,
    estimatedPayment: { monthly: estimatedPayment.monthly },
    ...(lot ? { lot: { store: lot.store, city: lot.city, path: lot.path } } : {}),
  };
}

const isString = (value: unknown): value is string => typeof value === 'string';

function isInventoryItem(value: unknown): value is InventoryItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    isString(v.id) &&
    isString(v.name) &&
    isString(v.description) &&
    isString(v.brand) &&
    (v.category === undefined || isString(v.category)) &&
    typeof v.price === 'number' &&
    Number.isFinite(v.price) &&
    Array.isArray(v.images) &&
    v.images.every(isString) &&
    typeof v.isNew === 'boolean' &&
    (v.status === 'available' || v.status === 'on-hold' || v.status === 'sold') &&
    typeof v.streetLegal === 'boolean' &&
    isString(v.exteriorColor) &&
    isString(v.listedDate) &&
    typeof v.estimatedPayment === 'object' &&
    v.estimatedPayment !== null &&
    typeof (v.estimatedPayment as Record<string, unknown>).monthly === 'number'
  );
}

/** The message (docs/product.md §Errors) after "Error loading vehicles: ". */
export function vehiclesErrorMessage(error: unknown): string {
  if (error instanceof HttpStatusError) return `Failed to fetch vehicles: ${error.status}`;
  if (error instanceof SyntaxError || error instanceof TypeError) return 'Failed to fetch vehicles: network error';
  return error instanceof Error ? error.message : 'Failed to fetch vehicles';
}

/**
 * The lot file (INVENTORY_LOT_PATH) with 3 retries (docs/product.md §Inventory). Resolves with the units, or rejects with an Error
 * whose message is the text of docs/product.md §Errors, e.g. "Failed to fetch vehicles: 503".
 */
export async function fetchInventory(options: RetryOptions = {}): Promise<InventoryItem[]> {
  let body: unknown;
  try {
    const response = await fetchWithRetry(INVENTORY_LOT_PATH, options);
    body = await response.json();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new Error(vehiclesErrorMessage(error), { cause: error });
  }
  if (!Array.isArray(body) || !body.every(isInventoryItem)) throw new Error('Failed to fetch vehicles: unexpected response');
  return body.map(toInventoryItem);
}
