import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import brandsJson from '../../data/brands.json';
import importJson from '../../data/import.json';
import modelsJson from '../../data/models.json';
import { schema as importSchema, type ImportMapping } from '../../data/schemas/import.ts';
import type { Model } from '../../data/schemas/models.ts';
import type { HostLookup } from '../../functions/lib/import/photo-hosts.ts';
import type { DmsStandIn } from './dms-stand-in.ts';

/** The project's checkout, whose data/units/ the import tests copy. */
export const projectRoot = join(import.meta.dirname, '..', '..');

/** The unit files of the project as they are: id → JSON. */
export function lotFiles(): Record<string, Record<string, unknown>> {
  const folder = join(projectRoot, 'data', 'units');
  return Object.fromEntries(
    readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [name.replace(/\.json$/, ''), JSON.parse(readFileSync(join(folder, name), 'utf8')) as Record<string, unknown>]),
  );
}

export const models = modelsJson.models as Model[];
export const brandNames: Record<string, string> = Object.fromEntries(brandsJson.brands.map((brand) => [brand.slug, brand.name]));

/** The host the test feeds' photos are on, as a dealer's DMS keeps them. */
export const PHOTO_HOST = 'photos.dms.example';

/**
 * A resolver standing in for DNS (the tests never reach the internet): the photo host has a public
 * address (example.com's), and any other name `answers` gives; the rest are not found.
 */
export function lookupWith(answers: Readonly<Record<string, readonly string[]>> = {}): HostLookup {
  const table: Record<string, readonly string[]> = { [PHOTO_HOST]: ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'], ...answers };
  return (host) => {
    const addresses = table[host];
    return addresses
      ? Promise.resolve(addresses.map((address) => ({ address })))
      : Promise.reject(Object.assign(new Error(`${host} not found`), { code: 'ENOTFOUND' }));
  };
}

/** The import settings of data/import.json, its photos on PHOTO_HOST, with `overrides` on top. */
export function mappingWith(overrides: Partial<ImportMapping> = {}): ImportMapping {
  return { ...importSchema.parse(importJson), photoHosts: [PHOTO_HOST], ...overrides };
}

/** data/import.json as the dealer's repository has it: the project's settings with `changes` on top. */
export function settingsText(changes: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ ...importJson, ...changes }, null, 2)}\n`;
}

export const HEADER = ['Stock #', 'VIN', 'Serial No', 'Year', 'Make', 'Model', 'Color', 'Price', 'Photos'];

/** One spreadsheet row per listed unit of the lot, as a dealer's sheet would list it. */
export function lotRows(files = lotFiles()): string[][] {
  return Object.values(files)
    .filter((unit) => unit.status !== 'sold')
    .map((unit) => [
      String(unit.stockNumber),
      String(unit.vin ?? ''),
      String(unit.serialNumber ?? ''),
      String(unit.year),
      brandNames[String(unit.brand)]!,
      String(unit.model),
      String(unit.exteriorColor),
      `$${Number(unit.price).toLocaleString('en-US')}.00`,
      '',
    ]);
}

/** Rows as CSV text (quoted where needed). */
export function csvOf(rows: readonly (readonly string[])[]): string {
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** What an import test works in: a copy of the project's data/units/, and what the import printed. */
export interface LotSandbox {
  /** The dealer's repository as the import sees it, fresh for each test. */
  root: string;
  unitsFolder: string;
  /** The import's printed lines, one per entry. */
  lines: string[];
  /** The DMS stand-in a test started, closed after the test. */
  dms: DmsStandIn | undefined;
  print: (text: string) => void;
}

/** A fresh LotSandbox for each test of the file, removed after it once its DMS stand-in has closed. */
export function lotSandbox(prefix: string): LotSandbox {
  const sandbox: LotSandbox = {
    root: '',
    unitsFolder: '',
    lines: [],
    dms: undefined,
    print: (text) => sandbox.lines.push(...text.split('\n')),
  };
  beforeEach(() => {
    sandbox.root = mkdtempSync(join(tmpdir(), prefix));
    sandbox.unitsFolder = join(sandbox.root, 'data', 'units');
    cpSync(join(projectRoot, 'data', 'units'), sandbox.unitsFolder, { recursive: true });
    sandbox.lines = [];
  });
  afterEach(async () => {
    await sandbox.dms?.close();
    sandbox.dms = undefined;
    rmSync(sandbox.root, { recursive: true, force: true });
  });
  return sandbox;
}
