/** How a unit's dealer facts read on its page, its card and in its structured data (docs/product.md §Units). Pure. */

export interface UnitFactsInput {
  stockNumber: string;
  vin?: string | undefined;
  serialNumber?: string | undefined;
  year: number;
  condition: 'new' | 'used' | 'demo' | 'custom';
  exteriorColor: string;
  seatColor: string;
  lifted: boolean;
  streetLegal: boolean;
  battery: { type: 'lithium' | 'lead-acid' | 'agm'; voltage: number; capacityAh: number; warrantyYears: number };
  status: 'available' | 'on-hold' | 'sold';
  listedDate: string;
  soldDate?: string | undefined;
}

export interface FactRow {
  label: string;
  value: string;
}

const CONDITION: Record<UnitFactsInput['condition'], string> = { new: 'New', used: 'Used', demo: 'Demo', custom: 'New (custom build)' };
const BATTERY: Record<UnitFactsInput['battery']['type'], string> = { lithium: 'Lithium', 'lead-acid': 'Lead-acid', agm: 'AGM' };
const STATUS: Record<UnitFactsInput['status'], string> = { available: 'Available', 'on-hold': 'On Hold', sold: 'Sold' };

export const conditionLabel = (condition: UnitFactsInput['condition']) => CONDITION[condition];
export const statusLabel = (status: UnitFactsInput['status']) => STATUS[status];

/** true → "Street legal (LSV)", false → "Golf cart (not street legal)". */
export function streetLegalLabel(streetLegal: boolean): string {
  return streetLegal ? 'Street legal (LSV)' : 'Golf cart (not street legal)';
}

/** The short form on cards: "Street legal" or "Golf cart". */
export function streetLegalShort(streetLegal: boolean): string {
  return streetLegal ? 'Street legal' : 'Golf cart';
}

/** { lithium, 48, 105 } → "48V 105Ah lithium". */
export function batteryLabel(battery: UnitFactsInput['battery']): string {
  return `${battery.voltage}V ${battery.capacityAh}Ah ${BATTERY[battery.type].toLowerCase()}`;
}

/** 8 → "8 years", 1 → "1 year", 0 → "None". */
export function warrantyLabel(years: number): string {
  return years === 0 ? 'None' : `${years} year${years === 1 ? '' : 's'}`;
}

/** "2026-11-20" → "November 20, 2026". */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(`${day}T00:00:00Z`));
}

/** Every dealer fact of a unit, in the order its page lists them. */
export function unitFactRows(unit: UnitFactsInput): FactRow[] {
  return [
    { label: 'Stock number', value: unit.stockNumber },
    unit.vin ? { label: 'VIN', value: unit.vin } : { label: 'Serial number', value: unit.serialNumber ?? '' },
    ...(unit.vin && unit.serialNumber ? [{ label: 'Serial number', value: unit.serialNumber }] : []),
    { label: 'Year', value: String(unit.year) },
    { label: 'Condition', value: conditionLabel(unit.condition) },
    { label: 'Exterior color', value: unit.exteriorColor },
    { label: 'Seat color', value: unit.seatColor },
    { label: 'Lifted', value: unit.lifted ? 'Yes' : 'No' },
    { label: 'Street legal', value: streetLegalLabel(unit.streetLegal) },
    { label: 'Battery', value: batteryLabel(unit.battery) },
    { label: 'Battery warranty', value: warrantyLabel(unit.battery.warrantyYears) },
    { label: 'Status', value: statusLabel(unit.status) },
    { label: 'Listed', value: formatDay(unit.listedDate) },
    ...(unit.soldDate ? [{ label: 'Sold', value: formatDay(unit.soldDate) }] : []),
  ];
}
