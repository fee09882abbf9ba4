// Grows the lot of a copy of the site (scripts/photo-site.ts copySite) to a given number of
// listed units: copies of its own listed units, each with a new id, stock number and VIN (or
// serial number), so the build checks them as it checks an editor's files.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { vinCheckDigit } from '../src/lib/leads/vin.ts';

interface UnitJson {
  status: string;
  price: number;
  stockNumber: string;
  vin?: string;
  serialNumber?: string;
  listedDate: string;
}

/** A VIN with its last six characters replaced by `serial` and the check digit (position 9) computed. */
export function vinWithSerial(vin: string, serial: number): string {
  const body = `${vin.slice(0, 11)}${String(serial).padStart(6, '0')}`;
  const draft = `${body.slice(0, 8)}0${body.slice(9)}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

/** The day `days` before an ISO date. */
function daysBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Writes copies of the listed units of `dir`/data/units until `count` units are listed (none
 * when it already lists that many or more). Copy n of a unit is `{id}-lot{n}`: stock number
 * `LOT{n}`, VIN serial 900000 + n (or serial number `{serial}-LOT{n}`), listed n days earlier,
 * priced n × $10 apart, so the sorts have something to order. Returns the ids written.
 */
export function growLot(dir: string, count: number): string[] {
  const folder = join(dir, 'data', 'units');
  const listed = readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ id: name.replace(/\.json$/, ''), unit: JSON.parse(readFileSync(join(folder, name), 'utf8')) as UnitJson }))
    .filter(({ unit }) => unit.status !== 'sold');
  const written: string[] = [];
  for (let n = 1; listed.length + written.length < count; n++) {
    const source = listed[(n - 1) % listed.length]!;
    const id = `${source.id}-lot${n}`;
    const unit: UnitJson = {
      ...source.unit,
      price: source.unit.price + n * 10,
      stockNumber: `LOT${String(n).padStart(5, '0')}`,
      listedDate: daysBefore(source.unit.listedDate, n),
    };
    if (unit.vin) unit.vin = vinWithSerial(unit.vin, 900_000 + n);
    if (unit.serialNumber) unit.serialNumber = `${unit.serialNumber}-LOT${n}`;
    writeFileSync(join(folder, `${id}.json`), `${JSON.stringify(unit, null, 2)}\n`);
    written.push(id);
  }
  return written;
}
