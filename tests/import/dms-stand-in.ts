import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen } from '../support/loopback.ts';
import { brandNames, lotFiles } from './lot-feed.ts';

/**
 * A stand-in of the dealer's DMS on loopback, answering `POST /get-carts` with
 * `{pageNumber, pageSize}` as the real one does: a JSON array of cart records per page.
 * `answer` decides each page (to make one short, fail, stall or come back empty).
 */
export type PageAnswer = { records: unknown[] } | { status: number } | 'stall';

export interface DmsStandIn {
  url: string;
  /** Every page asked for, in order. */
  asked: { pageNumber: number; pageSize: number; authorization?: string }[];
  close: () => Promise<void>;
}

export async function startDms(answer: (pageNumber: number, pageSize: number) => PageAnswer): Promise<DmsStandIn> {
  const asked: DmsStandIn['asked'] = [];
  const open = new Set<ServerResponse>();
  const { url, close } = await listen(async (request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    if (request.method !== 'POST' || request.url !== '/get-carts') {
      response.writeHead(404).end();
      return;
    }
    const { pageNumber, pageSize } = JSON.parse(body) as { pageNumber: number; pageSize: number };
    asked.push({ pageNumber, pageSize, ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}) });
    const result = answer(pageNumber, pageSize);
    if (result === 'stall') {
      open.add(response);
      return;
    }
    if ('status' in result) {
      response.writeHead(result.status, { 'Content-Type': 'application/json' }).end('{"error":"internal"}');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(result.records));
  });
  return {
    url,
    asked,
    close: () => {
      for (const response of open) response.destroy();
      return close();
    },
  };
}

/** The listed units of the lot as DMS records, each ready for sale, for the website, in stock, with a photo. */
export function lotRecords(): Record<string, unknown>[] {
  return Object.entries(lotFiles())
    .filter(([, unit]) => unit.status !== 'sold')
    .map(([id, unit]) => ({
      _id: `64f0${Buffer.from(id).toString('hex').slice(0, 20)}`,
      cartType: { make: brandNames[String(unit.brand)], model: unit.model, year: unit.year },
      cartAttributes: { cartColor: unit.exteriorColor, seatColor: unit.seatColor, passengers: 4, isLifted: unit.lifted },
      battery: { type: 'Lithium', year: 2025, ampHours: 105 },
      cartLocation: { locationId: 'BUR-01' },
      title: { isStreetLegal: unit.streetLegal },
      rfsStatus: { isRFS: true },
      advertising: { needOnWebsite: true },
      retailPrice: unit.price,
      vinNo: unit.vin ?? '',
      serialNo: unit.serialNumber ?? '',
      isUsed: unit.condition === 'used',
      isInStock: true,
      isInBoneyard: false,
      imageUrls: (unit.photos as { src: string }[]).map((photo) => photo.src),
    }));
}

/** Pages of `size` records from `records`, then empty pages. */
export function paged(records: readonly unknown[], sizes: readonly number[]): (pageNumber: number, pageSize?: number) => PageAnswer {
  const pages: unknown[][] = [];
  let at = 0;
  for (const size of sizes) {
    pages.push(records.slice(at, at + size));
    at += size;
  }
  return (pageNumber) => ({ records: pages[pageNumber - 1] ?? [] });
}
