import { formatPrice, formatTime } from '../../../src/lib/format.ts';
import { optionLabel } from '../../../src/lib/leads/form.ts';
import { megabytes } from '../../../src/lib/leads/photos.ts';
import { SERVICE_PROBLEMS, weekdayOf } from '../../../src/lib/leads/service.ts';
import { BATTERY_AGES, BATTERY_TYPES, CONDITIONS } from '../../../src/lib/leads/trade-in.ts';
import { UNIT_TOPICS } from '../../../src/lib/leads/unit-question.ts';
import type { Lead } from './lead.ts';
import type { LeadForm } from '../../../src/lib/leads/form-names.ts';
import type { PartsRecord, ServiceRecord, TradeRecord, UnitSnapshot } from './records.ts';

/**
 * The lines each form adds to the dealer's e-mail and to the ADF comments (docs/product.md
 * §Leads): the unit the lead is about, the trade-in, the service appointment, the parts
 * request, the question about a unit, and the photos with their links.
 */

export type Row = [label: string, value: string];
export interface DetailBlock {
  heading: string;
  rows: Row[];
}

/** A link to each photo, or undefined when links cannot be signed (no PHOTO_LINK_SECRET). */
export type PhotoLinker = (n: number) => { url: string; expires: string } | undefined;

/** "2019 Club Car Onward", "Club Car" (year and model when known). */
export function cartText(cart: { make: string; model?: string; year?: number }): string {
  return [cart.year, cart.make, cart.model].filter(Boolean).join(' ');
}

/** "Evolution D5 Maverick 4 Plus (stock BGC-26014)". */
export function unitText(unit: UnitSnapshot): string {
  return `${unit.name} (stock ${unit.stockNumber})`;
}

/** "Tue, Jun 9, 2026": a day of the showroom's calendar. */
export function dayText(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(
    Date.UTC(year, month - 1, date),
  );
}

export function unitRows(unit: UnitSnapshot, site: string): Row[] {
  return [
    ['Unit', unit.name],
    ['Stock number', unit.stockNumber],
    ...(unit.vin ? ([['VIN', unit.vin]] as Row[]) : []),
    ...(unit.serialNumber ? ([['Serial number', unit.serialNumber]] as Row[]) : []),
    ['Year', String(unit.year)],
    ['Make', unit.make],
    ['Model', unit.model],
    ['Price', formatPrice(unit.price)],
    ['Condition', unit.condition],
    ...(unit.exteriorColor ? ([['Color', unit.exteriorColor]] as Row[]) : []),
    ['Listing', new URL(`/vehicles/${unit.id}`, site).href],
  ];
}

export function tradeRows(trade: TradeRecord): Row[] {
  return [
    ['Cart', cartText(trade)],
    ...(trade.serial ? ([[trade.serialKind === 'vin' ? 'VIN' : 'Serial number', trade.serial]] as Row[]) : []),
    ['Battery', `${optionLabel(BATTERY_TYPES, trade.battery)}, ${optionLabel(BATTERY_AGES, trade.batteryAge).toLowerCase()}`],
    ['Lifted', trade.lifted ? 'Yes' : 'No'],
    ['Condition', optionLabel(CONDITIONS, trade.condition)],
  ];
}

export function serviceRows(service: ServiceRecord): Row[] {
  const handoff = service.handoff;
  return [
    ['Cart', cartText(service.cart)],
    ['What is wrong', service.problems.map((problem) => optionLabel(SERVICE_PROBLEMS, problem)).join(', ')],
    ['Preferred day', dayText(service.days[0] ?? '')],
    ...(service.days[1] ? ([['Second choice', dayText(service.days[1])]] as Row[]) : []),
    ['Time', formatTime(service.time)],
    [
      handoff.kind === 'pick-up' ? 'Pick-up' : 'Drop-off',
      handoff.kind === 'pick-up'
        ? `${handoff.address}, ${handoff.town.name} (${handoff.miles} miles one way), fee ${handoff.fee > 0 ? formatPrice(handoff.fee) : 'none'}`
        : 'The visitor brings the cart to the shop',
    ],
  ];
}

export function partsRows(parts: PartsRecord): Row[] {
  return [
    ['Part', parts.part],
    ...(parts.partNumber ? ([['Part number', parts.partNumber]] as Row[]) : []),
    ['Quantity', String(parts.quantity)],
    ['For', cartText(parts.cart)],
  ];
}

/** The request's own blocks, in the order the e-mail shows them. */
export function detailBlocks(lead: Lead, site: string, link: PhotoLinker = () => undefined): DetailBlock[] {
  const blocks: DetailBlock[] = [];
  if (lead.question) {
    blocks.push({
      heading: 'Question',
      rows: [
        ['About', optionLabel(UNIT_TOPICS, lead.question.topic)],
        ...(lead.question.day ? ([['Day that suits', dayText(lead.question.day)]] as Row[]) : []),
      ],
    });
  }
  if (lead.trade) blocks.push({ heading: 'Trade-in', rows: tradeRows(lead.trade) });
  if (lead.service) blocks.push({ heading: 'Service appointment', rows: serviceRows(lead.service) });
  if (lead.parts) blocks.push({ heading: 'Parts request', rows: partsRows(lead.parts) });
  if (lead.unit) blocks.push({ heading: lead.trade ? 'Toward the unit' : 'Unit on the lot', rows: unitRows(lead.unit, site) });
  if (lead.photos && lead.photos.length > 0) {
    blocks.push({
      heading: `Photos (${lead.photos.length})`,
      rows: lead.photos.map((photo) => {
        const address = link(photo.n);
        const what = `${photo.name}, ${megabytes(photo.bytes)}`;
        return [`Photo ${photo.n + 1}`, address ? `${what}: ${address.url} (link works until ${address.expires})` : `${what}, stored with the lead`];
      }),
    });
  }
  return blocks;
}

/** The subject of the dealer's e-mail for a lead of the newer forms (contact and reservations keep theirs). */
export function formSubject(lead: Lead, name: string): string | undefined {
  const unit = lead.unit ? unitText(lead.unit) : undefined;
  if (lead.trade) return `New trade-in request from ${name}: ${cartText(lead.trade)}${unit ? `, toward the ${unit}` : ''}`;
  if (lead.service) {
    const problems = lead.service.problems.map((problem) => optionLabel(SERVICE_PROBLEMS, problem).toLowerCase()).join(', ');
    return `New service appointment request from ${name}: ${cartText(lead.service.cart)}, ${problems}, ${dayText(lead.service.days[0] ?? '')}`;
  }
  if (lead.parts) return `New parts request from ${name}: ${lead.parts.quantity} × ${lead.parts.part} (${cartText(lead.parts.cart)})`;
  if (lead.question)
    return `New question from ${name} about the ${unit ?? lead.source.vehicle ?? 'unit'}: ${optionLabel(UNIT_TOPICS, lead.question.topic).toLowerCase()}`;
  return undefined;
}

/** The form a lead came from (older leads: a reservation when they carry one, else the contact form). */
export function formOf(lead: Lead): LeadForm {
  return lead.form ?? (lead.reservation ? 'reservation' : 'contact');
}

/** A day of a service appointment with its weekday, for a summary. */
export function serviceWhen(service: ServiceRecord): string {
  return `${weekdayOf(service.days[0] ?? '')} ${dayText(service.days[0] ?? '')} at ${formatTime(service.time)}`;
}
