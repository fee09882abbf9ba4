import type { Dealer } from '../../../src/lib/data/dealer.ts';
import { DEALER_TIME_ZONE } from '../../../src/lib/units/build-clock.ts';
import { FORM_NAMES } from '../../../src/lib/leads/form-names.ts';
import { interestLabel, TEST_LEAD, type Lead } from './lead.ts';
import { cartText, detailBlocks, formOf } from './details.ts';
import type { TradeRecord, UnitSnapshot } from './records.ts';
import { pageAddress, safeVehicle } from './email.ts';
import { reservationText } from './reservation-email.ts';

/**
 * The lead as an ADF document (Auto-lead Data Format 1.0, the XML most dealer CRMs import),
 * attached to the dealer's e-mail and sent on its own to the CRM address (ADF_TO).
 */

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for XML and drops the characters XML 1.0 cannot carry at all. */
export function escapeXml(value: string): string {
  return value.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '').replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

const el = (name: string, value: string | number, attrs = '') => `<${name}${attrs}>${escapeXml(String(value))}</${name}>`;

/** "2025-06-02T14:05:09-04:00": ISO 8601 with the dealer's own offset, as ADF examples write it. */
export function adfDate(iso: string, timeZone = DEALER_TIME_ZONE): string {
  const date = new Date(iso);
  if (!Number.isFinite(date.getTime())) return String(iso);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** The unit of the lot a lead is about, as an ADF vehicle (a test drive asked for is that interest). */
function unitVehicle(unit: UnitSnapshot, interest: 'buy' | 'test-drive'): string {
  return [
    `<vehicle interest="${interest}" status="${unit.condition === 'used' || unit.condition === 'demo' ? 'used' : 'new'}">`,
    el('year', unit.year),
    el('make', unit.make),
    el('model', unit.model),
    unit.vin ? el('vin', unit.vin) : '',
    el('stock', unit.stockNumber),
    el('price', unit.price, ' type="asking" currency="USD"'),
    el(
      'comments',
      `${unit.name}, ${unit.condition}${unit.exteriorColor ? `, ${unit.exteriorColor}` : ''}${unit.serialNumber ? `, serial number ${unit.serialNumber}` : ''} (${unit.id})`,
    ),
    '</vehicle>',
  ].join('');
}

/** The visitor's cart offered in trade (docs/product.md §Trading in). */
function tradeVehicle(trade: TradeRecord, photos: number): string {
  const notes = [
    trade.serial && trade.serialKind !== 'vin' ? `serial number ${trade.serial}` : '',
    `battery ${trade.battery} (${trade.batteryAge})`,
    trade.lifted ? 'lifted' : 'not lifted',
    `condition ${trade.condition}`,
    photos > 0 ? `${photos} photo${photos === 1 ? '' : 's'} with the lead` : '',
  ].filter(Boolean);
  return [
    '<vehicle interest="trade-in" status="used">',
    el('year', trade.year),
    el('make', trade.make),
    el('model', trade.model),
    trade.serial && trade.serialKind === 'vin' ? el('vin', trade.serial) : '',
    el('comments', notes.join('; ')),
    '</vehicle>',
  ].join('');
}

/** The visitor's own cart, for service or parts. */
function ownCartVehicle(cart: { make: string; model?: string; year?: number }, why: string): string {
  return [
    '<vehicle status="used">',
    cart.year ? el('year', cart.year) : '',
    el('make', cart.make),
    el('model', cart.model ?? ''),
    el('comments', `${cartText(cart)}: ${why}`),
    '</vehicle>',
  ].join('');
}

export function adfDocument(lead: Lead, dealer: Dealer, site: string): string {
  const { inquiry, source } = lead;
  const vehicle = safeVehicle(lead);
  const department = interestLabel(inquiry.interest);
  const form = formOf(lead);
  // ADF requires one vehicle; a general, service or parts question names none, so say so.
  const named = [
    `<vehicle${inquiry.interest === 'sales' ? ' interest="buy" status="new"' : ''}>`,
    vehicle?.year ? el('year', vehicle.year) : '',
    el('make', vehicle?.make ?? ''),
    el('model', vehicle?.model ?? ''),
    el('comments', vehicle ? `${vehicle.label} (${source.vehicle})` : `No vehicle named; ${department.toLowerCase()} inquiry`),
    '</vehicle>',
  ].join('');
  const vehicles = [
    lead.unit ? unitVehicle(lead.unit, lead.question?.topic === 'test-drive' ? 'test-drive' : 'buy') : '',
    lead.trade ? tradeVehicle(lead.trade, lead.photos?.length ?? 0) : '',
    lead.service ? ownCartVehicle(lead.service.cart, 'the customer’s own cart, for service') : '',
    lead.parts && !lead.unit ? ownCartVehicle(lead.parts.cart, 'the customer’s own cart, parts for it') : '',
  ].filter(Boolean);
  const vehicleXml = vehicles.length > 0 ? vehicles.join('\n') : named;
  const blocks = detailBlocks(lead, site).filter((block) => !block.heading.startsWith('Photos'));
  const comments = [
    ...(lead.test ? [TEST_LEAD.notice] : []),
    `Department: ${department}`,
    `Interest: ${department}`,
    ...(form === 'contact' || form === 'reservation' ? [] : [`Form: ${FORM_NAMES[form].adf}`]),
    ...(lead.reservation ? reservationText(lead.reservation) : []),
    ...blocks.flatMap((block) => [`${block.heading}:`, ...block.rows.map(([label, value]) => `  ${label}: ${value}`)]),
    inquiry.message,
  ].join('\n');
  const contactUrl = pageAddress('/contact', site);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    '<adf>',
    '<prospect status="new">',
    el('id', lead.id, ` sequence="1" source="${escapeXml(`${dealer.name} website`)}"`),
    el('requestdate', adfDate(lead.receivedAt)),
    vehicleXml,
    '<customer>',
    '<contact primarycontact="1">',
    el('name', inquiry.firstName, ' part="first"'),
    el('name', inquiry.lastName, ' part="last"'),
    el('email', inquiry.email),
    el('phone', inquiry.phone, ' type="voice" time="nopreference"'),
    '</contact>',
    el('comments', comments),
    '</customer>',
    '<vendor>',
    el('vendorname', dealer.name),
    '<contact primarycontact="1">',
    // The department the lead is routed to (docs/product.md §Leads), for CRMs that assign by contact.
    el('name', `${dealer.name} ${department} Department`, ' part="full"'),
    el('email', dealer.email),
    el('phone', dealer.phones.local.e164, ' type="voice"'),
    '<address>',
    el('street', dealer.address.street, ' line="1"'),
    el('city', dealer.address.city),
    el('regioncode', dealer.address.region),
    el('postalcode', dealer.address.postalCode),
    el('country', dealer.address.country),
    '</address>',
    '</contact>',
    '</vendor>',
    '<provider>',
    el('name', `${dealer.name} website`, ' part="full"'),
    el('service', `Website ${FORM_NAMES[form].adf}`),
    el('url', contactUrl),
    '</provider>',
    '</prospect>',
    '</adf>',
    '',
  ].join('\n');
}
