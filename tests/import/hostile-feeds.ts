import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { listen } from '../support/loopback.ts';
import { HEADER } from './lot-feed.ts';

/**
 * Feeds made to cost the import as much as possible for their size (docs/product.md §Import,
 * Safeguards): workbooks whose few compressed bytes inflate to a gigabyte or to a sheet the reader
 * spreads over every column, a sheet of 300,000 rows, a CSV with a 100 MB cell. They are served
 * from loopback and read in a child process (tests/import/feed-cost.ts) whose CPU time and peak
 * memory are its own.
 */

/** Text, or one text repeated: a sheet of a gigabyte is a few repeated pieces, never held whole. */
export type Part = string | { repeat: string; times: number };

interface Entry {
  name: string;
  pieces: Uint8Array[];
  crc: number;
  size: number;
}

// CRC-32 of repeated text without reading it all: zlib's crc32_combine (the CRC of a text
// followed by another is the first's shifted by the second's length, in GF(2)).
const POLY = 0xedb88320;
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}
const X2N: number[] = [0x40000000];
for (let n = 1; n < 32; n += 1) X2N.push(multiplyModP(X2N[n - 1]!, X2N[n - 1]!));
function combineCrc(first: number, second: number, secondLength: number): number {
  let p = 0x80000000;
  for (let n = secondLength, k = 3; n > 0; n = Math.floor(n / 2), k += 1) if (n % 2) p = multiplyModP(X2N[k & 31]!, p);
  return (multiplyModP(p, first) ^ second) >>> 0;
}
/** The CRC-32 of `bytes` repeated `times` times, after `crc`. */
function repeatedCrc(crc: number, bytes: Uint8Array, times: number): number {
  let result = crc;
  let block = crc32(bytes);
  let blockLength = bytes.length;
  for (let n = times; n > 0; n = Math.floor(n / 2)) {
    if (n % 2) result = combineCrc(result, block, blockLength);
    block = combineCrc(block, block, blockLength);
    blockLength *= 2;
  }
  return result;
}

/** Raw deflate pieces (each ends in a sync flush, so they follow one another), the final block last. */
function deflated(name: string, parts: readonly Part[]): Entry {
  const pieces: Uint8Array[] = [];
  let crc = 0;
  let size = 0;
  for (const part of parts) {
    const [text, times] = typeof part === 'string' ? [part, 1] : [part.repeat, part.times];
    const bytes = Buffer.from(text);
    const piece = deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH });
    for (let n = 0; n < times; n += 1) pieces.push(piece);
    crc = repeatedCrc(crc, bytes, times);
    size += bytes.length * times;
  }
  pieces.push(deflateRawSync(Buffer.alloc(0)));
  return { name, pieces, crc, size };
}

/** A ZIP archive (deflated entries, no ZIP64) whose central directory may declare other sizes than the real ones. */
function zipOf(entries: readonly Entry[], declared: Readonly<Record<string, number>> = {}): Uint8Array {
  const chunks: Uint8Array[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const compressed = entry.pieces.reduce((sum, piece) => sum + piece.length, 0);
    const size = declared[entry.name] ?? entry.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(compressed, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt16LE(0x21, 14);
    header.writeUInt32LE(entry.crc >>> 0, 16);
    header.writeUInt32LE(compressed, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    chunks.push(local, name, ...entry.pieces);
    offset += local.length + name.length + compressed;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const WORKBOOK_PARTS: Record<string, string> = {
  '[Content_Types].xml':
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  '_rels/.rels':
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/workbook.xml':
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Lot" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels':
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
};

/** The header row of the lot sheets (tests/import/lot-feed.ts HEADER) as sheet XML. */
export const HEADER_ROW = `<row r="1">${HEADER.map((title, index) => `<c r="${String.fromCharCode(65 + index)}1" t="inlineStr"><is><t>${title}</t></is></c>`).join('')}</row>`;

/**
 * A one-sheet workbook whose sheet XML is `parts` between `<sheetData>` and `</sheetData>`;
 * `declaredSheetSize` makes the archive claim another inflated size for the sheet.
 */
export function craftedXlsx(parts: readonly Part[], options: { declaredSheetSize?: number } = {}): Uint8Array {
  const entries = Object.entries(WORKBOOK_PARTS).map(([name, body]) => deflated(name, [XML + body]));
  entries.push(
    deflated('xl/worksheets/sheet1.xml', [
      `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`,
      ...parts,
      '</sheetData></worksheet>',
    ]),
  );
  return zipOf(entries, options.declaredSheetSize === undefined ? {} : { 'xl/worksheets/sheet1.xml': options.declaredSheetSize });
}

/** Rows 2… of a lot sheet, one unit each, as a dealer's program writes them (r on every row and cell). */
export function unitRowsXml(count: number, from = 2): string {
  const rows: string[] = [];
  for (let r = from; r < from + count; r += 1) {
    const cells = [`BGC-${r}`, '', `SER-${r}`, 2025, 'Evolution', 'D5 Maverick 4', 'Mint', 11250, 'https://photos.dms.example/1.jpg'];
    rows.push(
      `<row r="${r}">${cells
        .map((value, index) => {
          const ref = `${String.fromCharCode(65 + index)}${r}`;
          if (value === '') return '';
          return typeof value === 'number' ? `<c r="${ref}"><v>${value}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
        })
        .join('')}</row>`,
    );
  }
  return rows.join('');
}

/** The cases the import must refuse quickly: their bytes (or a stream of them), what they are and the reason the run gives. */
export interface HostileFeed {
  name: string;
  what: string;
  refused: string;
  body: () => Uint8Array | AsyncIterable<Uint8Array>;
}

const MiB = 1024 * 1024;

export const HOSTILE_FEEDS: readonly HostileFeed[] = [
  {
    name: 'whitespace',
    what: 'a 1 MB .xlsx whose sheet holds 1 GiB of spaces',
    refused: 'the .xlsx file cannot be read: its sheets would inflate to more than 32 MB, far more than any lot',
    body: () => craftedXlsx([HEADER_ROW, { repeat: ' '.repeat(MiB), times: 1024 }]),
  },
  {
    name: 'understated',
    what: 'the same, its archive claiming the sheet inflates to 4 KB',
    refused: 'the .xlsx file cannot be read: its part xl/worksheets/sheet1.xml inflates to more than the 4,096 bytes it declares',
    body: () => craftedXlsx([HEADER_ROW, { repeat: ' '.repeat(MiB), times: 1024 }], { declaredSheetSize: 4096 }),
  },
  {
    name: 'wide',
    what: "a 300 KB .xlsx of 60,000 rows, each with one cell in the sheet's last column (XFD)",
    refused: 'the .xlsx file cannot be read: a sheet has a cell past column 256, far more columns than a lot needs',
    body: () => {
      const rows: string[] = [];
      for (let r = 2; r <= 60_001; r += 1) rows.push(`<row r="${r}"><c r="XFD${r}"><v>1</v></c></row>`);
      return craftedXlsx([HEADER_ROW, rows.join('')]);
    },
  },
  {
    name: 'rows',
    what: 'a 2 MB .xlsx of 300,000 rows',
    refused: 'the .xlsx file cannot be read: a sheet has more than 20,000 rows, far more than any lot',
    body: () => {
      const rows: string[] = [];
      for (let r = 2; r <= 300_001; r += 1) rows.push(`<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>BGC-${r}</t></is></c></row>`);
      return craftedXlsx([HEADER_ROW, rows.join('')]);
    },
  },
  {
    name: 'cell',
    what: 'a 100 MB CSV of one unit row, its photo cell 100 MB long',
    refused: 'the spreadsheet is larger than 16 MB, far more than any lot: is the address right?',
    body: async function* () {
      yield Buffer.from(`${HEADER.join(',')}\r\nBGC-1,,SER-1,2025,Evolution,D5 Maverick 4,Mint,11250,`);
      const chunk = Buffer.alloc(MiB, 'x');
      for (let n = 0; n < 100; n += 1) yield chunk;
      yield Buffer.from('\r\n');
    },
  },
];

/** An HTTP server on loopback answering every request with the feed (without Content-Length when streamed). */
export async function serveFeed(body: () => Uint8Array | AsyncIterable<Uint8Array>): Promise<{ url: string; close: () => Promise<void> }> {
  const { url, close } = await listen((request, response) => {
    void (async () => {
      const bytes = body();
      if (bytes instanceof Uint8Array) {
        response.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': bytes.length }).end(bytes);
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/csv' });
      const closed = once(response, 'close');
      for await (const chunk of bytes) {
        if (response.destroyed) return;
        if (!response.write(chunk)) await Promise.race([once(response, 'drain'), closed]);
      }
      response.end();
    })().catch(() => response.destroy());
    request.resume();
  });
  return { url: `${url}/feed`, close };
}

/** What reading one feed cost the child process that read it. */
export interface FeedCost {
  ok: boolean;
  message?: string;
  rows?: number;
  /** CPU time (user + system) of the read alone, in ms. */
  cpuMs: number;
  /** Peak resident memory of the process, and its resident memory before the read, in MiB. */
  peakMiB: number;
  baseMiB: number;
  /** Set when the child did not finish: how it ended. */
  crashed?: string;
}

/** The CPU time (ms) and peak memory (MiB) Linux has counted for a process so far, when it tells. */
function procUsage(pid: number): { cpuMs: number; peakMiB: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return { cpuMs: ticks * 10, peakMiB: hwm ? Number(hwm[1]) / 1024 : Number.NaN };
  } catch {
    return undefined;
  }
}

/** Reads the feed at `url` as the import does, in a child process of its own (tests/import/feed-cost.ts). */
export function measureRead(url: string, options: { cpuSeconds?: number } = {}): Promise<FeedCost> {
  return new Promise((resolve, reject) => {
    // The shell's CPU limit stops a read that would run away (before the limits, some ran for a minute).
    const child = spawn(
      'sh',
      ['-c', `ulimit -t ${options.cpuSeconds ?? 120}; exec "$0" "$@"`, process.execPath, join(import.meta.dirname, 'feed-cost.ts'), url],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    // What the process had used when last seen, should it not live to say it.
    let seen: { cpuMs: number; peakMiB: number } | undefined;
    const watch = setInterval(() => {
      const now = child.pid ? procUsage(child.pid) : undefined;
      // A dying process no longer shows its memory: its peak is the largest seen.
      if (now) seen = { cpuMs: now.cpuMs, peakMiB: Math.max(now.peakMiB || 0, seen?.peakMiB ?? 0) };
    }, 100);
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearInterval(watch);
      const line = out.split('\n').find((text) => text.startsWith('{'));
      if (line) {
        resolve(JSON.parse(line) as FeedCost);
        return;
      }
      const how = signal ? `killed by ${signal}` : `exit ${code}: ${err.trim().split('\n').slice(-3).join(' ').slice(0, 300)}`;
      resolve({ ok: false, cpuMs: seen?.cpuMs ?? Number.NaN, peakMiB: seen?.peakMiB ?? Number.NaN, baseMiB: Number.NaN, crashed: how });
    });
  });
}
