import { crc32, inflateRawSync } from 'node:zlib';

/**
 * An .xlsx workbook checked before the spreadsheet reader sees it (docs/product.md §Import,
 * Safeguards; docs/decisions/lot-import.md). A workbook is a ZIP archive of XML parts, and the
 * reader (read-excel-file) inflates every part whole and then fills its grid out to the sheet's
 * last row and column: a few hundred kilobytes can ask for gigabytes or minutes. So the parts it
 * reads are inflated here first, each stopped at the size its entry declares and all within
 * `inflatedBytes`; every row and cell reference is read against the row and column limits; and
 * the parts are packed again uncompressed, so the reader reads exactly the bytes checked here.
 */

export interface WorkbookLimits {
  /** The parts the reader reads (.xml, .xml.rels), inflated, in all. */
  inflatedBytes: number;
  /** Rows of a sheet (its last row number). */
  rows: number;
  /** Columns of a sheet (its last column number). */
  columns: number;
  /** The grid the reader builds: last row × last column of a sheet. */
  cells: number;
}

export type CheckedWorkbook = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

const MiB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.round(bytes / MiB)} MB`;
const count = (value: number) => value.toLocaleString('en-US');

/** The parts read-excel-file reads (its own filter, modules/export/filterZipArchiveEntry.js). */
const isReadPart = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

class Refusal extends Error {}
const refuse = (reason: string): never => {
  throw new Refusal(reason);
};

interface Part {
  name: string;
  data: Uint8Array;
  crc: number;
}

/** The end of the central directory: the last signature within the comment's reach of the end. */
function endOfDirectory(view: DataView): number {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at -= 1) if (view.getUint32(at, true) === 0x06054b50) return at;
  return refuse('it is not a ZIP archive, as an .xlsx file is');
}

/** Inflates the parts the reader reads, within the limits, each checked against its declared size and CRC. */
function readParts(bytes: Uint8Array, limits: WorkbookLimits): Part[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endOfDirectory(view);
  const entries = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryAt = view.getUint32(end + 16, true);
  if (entries === 0xffff || directoryAt === 0xffffffff) refuse('it is a ZIP64 archive, which no spreadsheet of a lot needs');
  if (directoryAt + directorySize > end) refuse('its ZIP directory is damaged');
  const utf8 = new TextDecoder('utf-8');
  const byteForByte = (name: Uint8Array) => Array.from(name, (byte) => String.fromCharCode(byte)).join('');
  const parts: Part[] = [];
  const names = new Set<string>();
  let declaredTotal = 0;
  let at = directoryAt;
  for (let index = 0; index < entries; index += 1) {
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) refuse('its ZIP directory is damaged');
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const compressedSize = view.getUint32(at + 20, true);
    const declaredSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const localAt = view.getUint32(at + 42, true);
    if (next > end) refuse('its ZIP directory is damaged');
    // Names as fflate (the reader's unzip) decodes them: UTF-8 when flagged, else byte for byte.
    const rawName = bytes.subarray(at + 46, at + 46 + nameLength);
    const name = flags & 0x0800 ? utf8.decode(rawName) : byteForByte(rawName);
    at = next;
    if (!isReadPart(name)) continue;
    if (names.has(name)) refuse(`it holds two parts named ${name}`);
    names.add(name);
    if (flags & 0x0001) refuse('it is encrypted: save it without a password');
    declaredTotal += declaredSize;
    if (declaredTotal > limits.inflatedBytes) refuse(`its sheets would inflate to more than ${megabytes(limits.inflatedBytes)}, far more than any lot`);
    if (localAt + 30 > bytes.byteLength || view.getUint32(localAt, true) !== 0x04034b50) refuse(`its part ${name} is damaged`);
    const dataAt = localAt + 30 + view.getUint16(localAt + 26, true) + view.getUint16(localAt + 28, true);
    if (dataAt + compressedSize > bytes.byteLength) refuse(`its part ${name} is damaged`);
    const stored = bytes.subarray(dataAt, dataAt + compressedSize);
    let data: Uint8Array;
    if (method === 0) data = stored;
    else if (method === 8) {
      try {
        // Stops as soon as the part inflates past the size it declares.
        data = declaredSize === 0 ? new Uint8Array(0) : inflateRawSync(stored, { maxOutputLength: declaredSize });
      } catch (error) {
        return refuse(
          (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE'
            ? `its part ${name} inflates to more than the ${count(declaredSize)} bytes it declares`
            : `its part ${name} is damaged`,
        );
      }
    } else return refuse(`its part ${name} is compressed in a way spreadsheet programs do not use (method ${method})`);
    if (data.byteLength !== declaredSize || crc32(data) !== crc) refuse(`its part ${name} is damaged`);
    parts.push({ name, data, crc });
  }
  return parts;
}

/** "XFD1048576" → [1048576, 16384], as the reader reads a reference (modules/xlsx/parseCellAddress.js), or undefined. */
function cellAddress(reference: string): [number, number] | undefined {
  const match = /^([A-Z]{1,3})([1-9][0-9]{0,6})$/.exec(reference);
  if (!match) return undefined;
  let column = 0;
  for (const letter of match[1]!) column = column * 26 + letter.charCodeAt(0) - 64;
  return [Number(match[2]), column];
}

const TAG = /<(row|c)(?=[\s/>])/g;
const ATTRIBUTE = /\s+([^\s=/>]+)\s*=\s*("[^"<]*"|'[^'<]*')/y;
const TAG_END = /\s*\/?>/y;

/**
 * Every `<row>` and `<c>` of a part, as the reader's XML parser (saxen, not namespace-aware) sees
 * them: their `r` (row number, cell reference) within the limits. A tag this cannot read, a
 * reference written any other way than a spreadsheet program writes it, or a document type
 * (entities) refuses the workbook.
 */
function checkSheet(name: string, xml: string, limits: WorkbookLimits): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) refuse(`its part ${name} declares a document type, which spreadsheet programs never write`);
  let rows = 0;
  let lastRow = 0;
  let lastColumn = 0;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(xml); match; match = TAG.exec(xml)) {
    const tag = match[1];
    let position = match.index + match[0].length;
    const references: string[] = [];
    ATTRIBUTE.lastIndex = position;
    for (let attribute = ATTRIBUTE.exec(xml); attribute; attribute = ATTRIBUTE.exec(xml)) {
      if (attribute[1] === 'r') references.push(attribute[2]!.slice(1, -1));
      position = ATTRIBUTE.lastIndex;
    }
    TAG_END.lastIndex = position;
    if (!TAG_END.test(xml)) refuse(`a <${tag}> of its part ${name} cannot be read`);
    if (tag === 'row') {
      rows += 1;
      for (const reference of references) {
        if (!/^[1-9][0-9]{0,6}$/.test(reference)) refuse(`its part ${name} numbers a row "${reference.slice(0, 20)}"`);
        lastRow = Math.max(lastRow, Number(reference));
      }
    } else
      for (const reference of references) {
        const address = cellAddress(reference);
        if (!address) return refuse(`its part ${name} names a cell "${reference.slice(0, 20)}"`);
        lastRow = Math.max(lastRow, address[0]);
        lastColumn = Math.max(lastColumn, address[1]);
      }
    lastRow = Math.max(lastRow, rows);
    if (lastRow > limits.rows) refuse(`a sheet has more than ${count(limits.rows)} rows, far more than any lot`);
    if (lastColumn > limits.columns) refuse(`a sheet has a cell past column ${count(limits.columns)}, far more columns than a lot needs`);
  }
  if (lastRow * lastColumn > limits.cells)
    refuse(`a sheet spans ${count(lastRow)} rows by ${count(lastColumn)} columns, more than ${count(limits.cells)} cells, far more than any lot`);
}

/** The parts packed again as a ZIP archive of stored (uncompressed) entries, names in UTF-8. */
function storedZip(parts: readonly Part[]): Uint8Array {
  const encoder = new TextEncoder();
  const names = parts.map((part) => encoder.encode(part.name));
  const localSize = parts.reduce((sum, part, index) => sum + 30 + names[index]!.length + part.data.byteLength, 0);
  const directorySize = names.reduce((sum, name) => sum + 46 + name.length, 0);
  const out = new Uint8Array(localSize + directorySize + 22);
  const view = new DataView(out.buffer);
  let at = 0;
  const offsets: number[] = [];
  const header = (signature: number, part: Part, name: Uint8Array, central: boolean) => {
    view.setUint32(at, signature, true);
    const shift = central ? 2 : 0;
    if (central) view.setUint16(at + 4, 20, true);
    view.setUint16(at + 4 + shift, 20, true);
    view.setUint16(at + 6 + shift, 0x0800, true);
    view.setUint16(at + 8 + shift, 0, true);
    view.setUint16(at + 12 + shift, 0x21, true);
    view.setUint32(at + 14 + shift, part.crc, true);
    view.setUint32(at + 18 + shift, part.data.byteLength, true);
    view.setUint32(at + 22 + shift, part.data.byteLength, true);
    view.setUint16(at + 26 + shift, name.length, true);
  };
  parts.forEach((part, index) => {
    offsets.push(at);
    header(0x04034b50, part, names[index]!, false);
    out.set(names[index]!, at + 30);
    out.set(part.data, at + 30 + names[index]!.length);
    at += 30 + names[index]!.length + part.data.byteLength;
  });
  parts.forEach((part, index) => {
    header(0x02014b50, part, names[index]!, true);
    view.setUint32(at + 42, offsets[index]!, true);
    out.set(names[index]!, at + 46);
    at += 46 + names[index]!.length;
  });
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, parts.length, true);
  view.setUint16(at + 10, parts.length, true);
  view.setUint32(at + 12, directorySize, true);
  view.setUint32(at + 16, localSize, true);
  return out;
}

/** The workbook as the reader may read it, or why it is refused. */
export function checkedWorkbook(bytes: Uint8Array, limits: WorkbookLimits): CheckedWorkbook {
  try {
    const parts = readParts(bytes, limits);
    const decoder = new TextDecoder('utf-8');
    for (const part of parts) if (part.name.endsWith('.xml')) checkSheet(part.name, decoder.decode(part.data), limits);
    return { ok: true, bytes: storedZip(parts) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.message };
    throw error;
  }
}
