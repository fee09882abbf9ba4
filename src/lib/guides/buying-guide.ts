import { warrantyLabel } from '../units/facts.ts';

/**
 * The buying guide's figures from the lot (docs/product.md §Guides): what it says of batteries
 * and warranties is counted from the units on the lot, never written by hand. Pure.
 */

/** The buying guide's address. */
export const BUYING_GUIDE_PATH = '/golf-cart-buying-guide';

type BatteryType = 'lithium' | 'lead-acid' | 'agm';
const BATTERY_NAMES: Record<BatteryType, string> = { lithium: 'lithium', 'lead-acid': 'lead-acid', agm: 'AGM' };

export interface BatteryLine {
  type: BatteryType;
  /** Units on the lot with this battery type. */
  count: number;
  /** The shortest and longest battery warranty among them, in years (0: none). */
  minYears: number;
  maxYears: number;
}

/** The lot's units by battery type (most units first), each with its range of battery warranties. */
export function batteryLines(units: readonly { battery: { type: BatteryType; warrantyYears: number } }[]): BatteryLine[] {
  const lines = new Map<BatteryType, BatteryLine>();
  for (const { battery } of units) {
    const line = lines.get(battery.type);
    if (!line) lines.set(battery.type, { type: battery.type, count: 1, minYears: battery.warrantyYears, maxYears: battery.warrantyYears });
    else
      lines.set(battery.type, {
        ...line,
        count: line.count + 1,
        minYears: Math.min(line.minYears, battery.warrantyYears),
        maxYears: Math.max(line.maxYears, battery.warrantyYears),
      });
  }
  return [...lines.values()].sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}

/** { lithium, 12, 5, 8 } → "12 with lithium batteries, battery warranty 5 to 8 years". */
export function batteryLineText(line: BatteryLine): string {
  const units = `${line.count} with ${BATTERY_NAMES[line.type]} batteries`;
  const years =
    line.minYears === line.maxYears
      ? line.minYears === 0
        ? 'no battery warranty'
        : `battery warranty ${warrantyLabel(line.minYears)}`
      : line.minYears === 0
        ? `battery warranty up to ${warrantyLabel(line.maxYears)}, some none`
        : `battery warranty ${line.minYears} to ${warrantyLabel(line.maxYears)}`;
  return `${units}, ${years}`;
}
