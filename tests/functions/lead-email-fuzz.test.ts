import { DOMParser, onWarningStopParsing } from '@xmldom/xmldom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adfDocument } from '../../functions/lib/leads/adf.ts';
import { leadSchema, type Lead } from '../../functions/lib/leads/lead.ts';
import { fallbackEmail, leadEmail } from '../../functions/lib/leads/email.ts';
import { receiptEmail } from '../../functions/lib/leads/receipt.ts';
import { LEAD_INTERESTS } from '../../src/lib/leads/contact-link.ts';
import { dealer } from '../../src/lib/data/dealer.ts';
import { UTM_FIELDS } from '../../src/lib/leads/inquiry.ts';
import { functionSandbox } from '../support/sandbox.ts';
import { Client, storedLeads, VALID } from './contact-harness.ts';

/**
 * Property test: no stored lead can make its e-mails fail to build. Leads are generated from a
 * seeded random source (the failing seed and case are printed), with odd text everywhere a
 * lead carries text and especially in the source fields (page, referrer, vehicle, UTM, user agent).
 */

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  'http://',
  'https://',
  '//',
  '/',
  '\\',
  ':',
  '?',
  '#',
  '%',
  '%E0%A4%A',
  '&amp;',
  '<',
  '>',
  '"',
  "'",
  '<script>alert(1)</script>',
  ']]>',
  '<!--',
  '\u0000',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u202e',
  '\u2066',
  '\u200b',
  '\u200d',
  '\ufeff',
  '\ud800',
  '\udfff',
  '\ufffe',
  '\u2028',
  '\r\n',
  '\n',
  '\t',
  ' ',
  'Zo\u00eb',
  '\u{1F697}',
  '\u{1F468}\u200D\u{1F469}',
  '\u0645\u0631\u062d\u0628\u0627',
  'javascript:',
  'mailto:',
  'data:',
  'denago-ev-city',
  'evolution-d6-max-gt4',
  '4-seater',
  'a',
  'Z',
  '0',
  '9',
  '-',
  '_',
  '.',
  '@',
  '..',
  'x'.repeat(300),
  'QZX',
];

function text(next: () => number, maxPieces = 8): string {
  let out = '';
  const pieces = Math.floor(next() * maxPieces);
  for (let i = 0; i < pieces; i++) {
    out += next() < 0.8 ? (PIECES[Math.floor(next() * PIECES.length)] ?? '') : String.fromCharCode(Math.floor(next() * 0x10000));
  }
  return out;
}

const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
const maybe = <T>(next: () => number, value: () => T): T | undefined => (next() < 0.6 ? value() : undefined);

/** A stored lead as the schema lets it be, with the marker QZX in every field the visitor typed. */
function generatedLead(next: () => number, index: number): Lead {
  const utm = Object.fromEntries(UTM_FIELDS.filter(() => next() < 0.4).map((name) => [name, text(next)]));
  const candidate = {
    id: pick(next, [crypto.randomUUID(), `lead-${index}`, 'x', text(next) || 'y']),
    receivedAt: pick(next, [new Date(Date.UTC(2020, 0, 1) + Math.floor(next() * 2e11)).toISOString(), 'not a date', '', '2025-13-45T99:99:99Z', '0']),
    status: pick(next, ['pending', 'sent'] as const),
    inquiry: {
      firstName: `QZX${text(next)}`.slice(0, 100),
      lastName: `${text(next)}QZX`.slice(-100),
      email: `qzx${Math.floor(next() * 1e6)}@example.com`,
      phone: `6095550100${text(next, 3)}`.slice(0, 40),
      interest: pick(next, LEAD_INTERESTS),
      message: `QZX message ${text(next, 20)}`.slice(0, 5000),
    },
    source: {
      channel: pick(next, ['json', 'form'] as const),
      page: maybe(next, () => text(next)),
      vehicle: maybe(next, () => pick(next, ['denago-ev-city', 'evolution-d6-max-gt4', text(next)])),
      referrer: maybe(next, () => text(next)),
      utm,
      userAgent: maybe(next, () => text(next)),
    },
    delivery: { attempts: Math.floor(next() * 5), lastError: maybe(next, () => text(next)) },
    reservation: maybe(next, () => {
      const total = Math.floor(next() * 10_000);
      return {
        group: { id: pick(next, ['4-seater', '6-seater', 'utility', text(next)]), name: `QZX${text(next)}` },
        quantity: 1 + Math.floor(next() * 10),
        pickUp: pick(next, ['2026-06-05T10:00', text(next)]),
        dropOff: pick(next, ['2026-06-15T10:00', text(next)]),
        periods: 1 + Math.floor(next() * 60),
        delivery: pick(next, [
          { kind: 'pickup' as const },
          { kind: 'delivery' as const, town: { slug: text(next), name: `QZX${text(next)}` }, miles: next() * 60, address: `QZX ${text(next)}` },
        ]),
        quote: {
          plans: [{ key: text(next), title: `QZX${text(next)}`, days: 1 + Math.floor(next() * 30), price: total, count: 1 }],
          coveredDays: 1 + Math.floor(next() * 60),
          perCart: total,
          breakdown: `QZX${text(next)}`,
          rental: total,
          deliveryFee: Math.floor(next() * 500),
          total,
        },
      };
    }),
  };
  const parsed = leadSchema.safeParse(candidate);
  if (!parsed.success) throw new Error(`generated lead ${index} is not a stored lead: ${parsed.error.message}`);
  return parsed.data;
}

const strictXml = (xml: string) => new DOMParser({ onError: onWarningStopParsing }).parseFromString(xml, 'text/xml');
/** A control character other than a line break. */
const hasControl = (text: string) => /\p{Cc}/u.test(text.replace(/\n/g, ''));

describe('e-mails of any stored lead (property test, 1,000 generated leads)', () => {
  it('build without throwing: dealer message, ADF (well-formed XML), receipt and plain copy', { timeout: 60_000 }, () => {
    for (const seed of [1, 2, 3, 4]) {
      const next = random(seed);
      for (let i = 0; i < 250; i++) {
        const lead = generatedLead(next, i);
        const where = `seed ${seed}, lead ${i}: ${JSON.stringify(lead)}`;
        try {
          {
            const site = i % 2 === 0 ? 'https://www.example.com' : 'not a url';
            const mail = leadEmail(lead, dealer, site);
            expect(mail.subject).not.toMatch(/[\r\n]/);
            expect(mail.html).not.toContain('<script>');
            expect(strictXml(adfDocument(lead, dealer, site)).documentElement?.tagName).toBe('adf');
            const receipt = receiptEmail(lead, dealer, site);
            // Nothing the visitor typed (marked QZX) reaches the receipt.
            expect(`${receipt.subject}${receipt.text}${receipt.html}`.toLowerCase()).not.toContain('qzx');
            expect(hasControl(receipt.text)).toBe(false);
          }
          const plain = fallbackEmail(lead, text(next));
          expect(plain.subject).toMatch(/^Website inquiry [\w-]* \(plain copy\)$/);
        } catch (error) {
          throw new Error(`${where}\n${error instanceof Error ? error.message : String(error)}`, { cause: error });
        }
      }
    }
  });
});

describe('fuzzed source fields through the contact function', () => {
  const { blobs } = functionSandbox({ mailbox: true });

  // The clock the e-mail's deadline and the provider's pace are measured on stands still: a busy
  // machine cannot run the first sends' window out.
  beforeEach(() => void vi.useFakeTimers({ toFake: ['performance'] }));
  afterEach(() => void vi.useRealTimers());

  it('every accepted lead is stored and e-mailed, whatever its page, referrer, vehicle, UTM and user agent', { timeout: 60_000 }, async () => {
    const next = random(7);
    const client = new Client();
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) {
      const fields: Record<string, unknown> = {
        ...VALID,
        email: `fuzz${i}@example.com`,
        page: text(next),
        referrer: text(next),
        vehicle: pick(next, [text(next), 'denago-ev-city', 42, null]),
        ...Object.fromEntries(UTM_FIELDS.map((name) => [name, pick(next, [text(next), 7, ['a'], { x: 1 }])])),
      };
      const userAgent = text(next).replace(/[^\t\u0020-\u007e\u0080-\u00ff]/g, '');
      answers.push((await client.post(fields, { headers: { 'user-agent': userAgent } })).status);
    }
    await client.settle();
    expect(answers).toEqual(Array(40).fill(200));
    const leads = await storedLeads(blobs.store);
    expect(leads).toHaveLength(40);
    expect(leads.filter((lead) => lead.status !== 'sent').map((lead) => lead.delivery.lastError)).toEqual([]);
    for (const lead of leads) {
      if (lead.source.page) expect(lead.source.page).toMatch(/^\/(?![/\\])/);
      if (lead.source.referrer) expect(lead.source.referrer).toMatch(/^https?:\/\/[^/]/);
      expect(JSON.stringify(lead.source)).not.toMatch(/\\u00[01][0-9a-f]|\\u202e|\\u200b/i);
    }
  });
});
