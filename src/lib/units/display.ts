/** How a unit on the lot is labelled on its page and on brand pages (docs/product.md §Units, §Brands). Pure. */

interface Stock {
  inStock: boolean;
  isNew: boolean;
}

export type DetailBadge = 'NEW' | 'In Stock' | 'Out of Stock';

/** The vehicle page badge: NEW if new; otherwise In Stock if in stock; otherwise Out of Stock. */
export function detailBadge(vehicle: Stock): DetailBadge {
  if (vehicle.isNew) return 'NEW';
  return vehicle.inStock ? 'In Stock' : 'Out of Stock';
}

/** The brand page card badge: In Stock if in stock, otherwise Contact Us. */
export function brandCardBadge(vehicle: Pick<Stock, 'inStock'>): 'In Stock' | 'Contact Us' {
  return vehicle.inStock ? 'In Stock' : 'Contact Us';
}

/** Labels of the usual specification keys (docs/product.md §Units); any other key is spelled out from its camelCase name. */
const SPEC_LABELS: Readonly<Record<string, string>> = {
  topSpeed: 'Top Speed',
  range: 'Range',
  seatingCapacity: 'Seating Capacity',
  batteryType: 'Battery Type',
  chargingTime: 'Charging Time',
  payload: 'Payload',
};

/** "towingCapacity" → "Towing Capacity", "bed_size" → "Bed Size", "motorHP" → "Motor HP". */
export function specLabel(key: string): string {
  const known = SPEC_LABELS[key];
  if (known) return known;
  return key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export interface SpecRow {
  key: string;
  label: string;
  value: string;
}

/** Every key of the specifications object, in its order, as label/value rows. */
export function specRows(specifications: Readonly<Record<string, string | number>>): SpecRow[] {
  return Object.entries(specifications).map(([key, value]) => ({ key, label: specLabel(key), value: String(value) }));
}

/** "maverick" → "Maverick". */
export function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}

/** 4 → "4 seats", 1 → "1 seat". */
export function seatsLabel(seats: number): string {
  return `${seats} seat${seats === 1 ? '' : 's'}`;
}

/**
 * A card's "4 seats · Ranger" line from what the unit states: an imported unit still waiting for
 * its specifications or category leaves that part out, and the line is empty when it knows neither.
 */
export function seatsAndCategory(seats: number | undefined, category: string | undefined): string {
  return [seats === undefined ? undefined : seatsLabel(seats), category ? categoryLabel(category) : undefined].filter(Boolean).join(' · ');
}
