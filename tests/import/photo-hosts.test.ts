import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import lotJson from '../../data/lot.json';
import { isPublicAddress, photoHostsProblem } from '../../functions/lib/import/photo-hosts.ts';
import { NETLIFY_BUILD_CONFIG, writeRemoteImages } from '../../src/integrations/remote-images.ts';
import { parseLot } from '../../src/lib/data/vehicles.ts';
import { importCli } from '../../scripts/import.ts';
import { lotRecords, paged, startDms } from './dms-stand-in.ts';
import { csvOf, HEADER, lookupWith, lotRows, lotSandbox, mappingWith, PHOTO_HOST } from './lot-feed.ts';

const lot = lotSandbox('import-photo-hosts-');

const lotText = () =>
  readdirSync(lot.unitsFolder)
    .map((name) => readFileSync(join(lot.unitsFolder, name), 'utf8'))
    .join('\n');
const lotFilesNow = () =>
  Object.fromEntries(readdirSync(lot.unitsFolder).map((name) => [name, JSON.parse(readFileSync(join(lot.unitsFolder, name), 'utf8')) as unknown]));
const run = (from: string, lookup = lookupWith()) =>
  importCli(['--from', from], {
    root: lot.root,
    mapping: mappingWith(),
    lookup,
    print: lot.print,
    now: new Date('2026-11-26T15:00:00Z'),
  });

/** The addresses a probe found imported and sent to the image CDN. */
const INTERNAL = [
  'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'https://127.0.0.1/a.jpg',
  'https://localhost/a.jpg',
  'https://10.0.0.5/a.jpg',
  'https://[::1]/a.jpg',
  'https://[::ffff:169.254.169.254]/a.jpg',
  'https://2852039166/a.jpg',
  'https://photos.dms.example@169.254.169.254/a.jpg',
];

const newRow = (n: number, photos: string) => [`N-${n}`, '', `EVM4-26-${n}`, '2026', 'Evolution', 'D5 Maverick 4', 'Mint', '$11,250.00', photos];

describe('feed photos (docs/product.md §Import)', () => {
  it('are published only from the listed hosts: a row with a photo anywhere else is rejected, naming it, and the build lets the CDN fetch from the listed hosts alone', async () => {
    const rows = [
      ...lotRows(),
      ...INTERNAL.map((address, index) => newRow(index + 1, `https://${PHOTO_HOST}/ok.jpg|${address}`)),
      newRow(99, `https://${PHOTO_HOST}/n99.jpg`),
    ];
    const file = join(lot.root, 'lot.csv');
    writeFileSync(file, csvOf([HEADER, ...rows]));
    expect(await run(file)).toBe(0);
    expect(lot.lines.at(-1)).toBe(`import: added 1, changed 0, sold 0, restored 0, unchanged 16, rejected ${INTERNAL.length}`);
    for (const [index, address] of INTERNAL.entries())
      expect(lot.lines.find((line) => line.startsWith(`rejected row ${18 + index}, Photos: the photo address "${address.slice(0, 40)}`))).toBeDefined();
    const text = lotText();
    for (const internal of ['169.254', '127.0.0.1', 'localhost', '10.0.0.5', '[::', '2852039166']) expect(text).not.toContain(internal);

    // The build: every unit photo on a listed host, and the CDN's allow-list holds that host alone.
    expect(() => parseLot(lotFilesNow(), lotJson, undefined, mappingWith().photoHosts)).not.toThrow();
    expect(writeRemoteImages(lot.root, mappingWith().photoHosts)).toEqual(['https://photos\\.dms\\.example/.*']);
    expect(JSON.parse(readFileSync(join(lot.root, NETLIFY_BUILD_CONFIG), 'utf8')).images.remote_images).toEqual(['https://photos\\.dms\\.example/.*']);
  });

  it('from a DMS are held to the same hosts', async () => {
    const [first, ...rest] = lotRecords();
    lot.dms = await startDms(paged([{ ...first, imageUrls: ['https://169.254.169.254/latest/meta-data/'] }, ...rest], [16]));
    const code = await importCli(['--from', lot.dms.url], {
      root: lot.root,
      mapping: mappingWith({ source: 'dms' }),
      lookup: lookupWith(),
      feed: { timeoutMs: 2_000 },
      print: lot.print,
      now: new Date('2026-11-26T15:00:00Z'),
    });
    expect(code).toBe(0);
    expect(lot.lines).toContain(
      `rejected record ${String(first!._id)}, imageUrls: the photo address "https://169.254.169.254/latest/meta-data/" names an IP address (169.254.169.254), not one of the import settings' photo hosts (photos.dms.example)`,
    );
    expect(lotText()).not.toContain('169.254');
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.5', 'private'],
    ['169.254.169.254', 'link-local'],
    ['::1', 'loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped'],
    ['fd00::5', 'unique-local'],
  ])('are not published at all when a listed host resolves to %s (%s): the run fails and writes nothing', async (address) => {
    const before = lotText();
    const file = join(lot.root, 'lot.csv');
    writeFileSync(file, csvOf([HEADER, ...lotRows(), newRow(1, `https://${PHOTO_HOST}/n1.jpg`)]));
    expect(await run(file, lookupWith({ [PHOTO_HOST]: ['93.184.215.14', address] }))).toBe(1);
    expect(lot.lines).toContain(
      `failed: the photo host ${PHOTO_HOST} resolves to ${address}, which is not on the public internet (a loopback, private or link-local address): the image CDN is never sent there; correct "photoHosts" in the import settings. Nothing was imported`,
    );
    expect(lotText()).toBe(before);
  });

  it('are not published when their host cannot be resolved', async () => {
    const file = join(lot.root, 'lot.csv');
    writeFileSync(file, csvOf([HEADER, ...lotRows(), newRow(1, `https://${PHOTO_HOST}/n1.jpg`)]));
    expect(await run(file, lookupWith({ [PHOTO_HOST]: [] }))).toBe(1);
    expect(lot.lines).toContain(`failed: the photo host ${PHOTO_HOST} has no address: nothing was imported`);
  });

  it("on a unit file, at an address off the listed hosts, fail the build naming the file (an editor's typed address)", () => {
    const files = lotFilesNow();
    const [name] = Object.keys(files);
    files[name!] = { ...(files[name!] as object), photos: [{ src: 'https://169.254.169.254/latest/meta-data/' }] };
    expect(() => parseLot(files, lotJson, undefined, [PHOTO_HOST])).toThrow(
      `data/units/${name} → photos[0].src: the photo address "https://169.254.169.254/latest/meta-data/" names an IP address (169.254.169.254)`,
    );
  });
});

describe('the photo hosts a run resolves', () => {
  it.each(['93.184.215.14', '8.8.8.8', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '2001:4860:4860::8888'])('take the public address %s', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );

  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.5',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:a9fe:a9fe::1',
    '2001:db8::1',
    'ff02::1',
    'not an address',
  ])('refuse %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it("refuse a name the system's own resolver answers with loopback", async () => {
    expect(await photoHostsProblem(['localhost'])).toMatch(/^the photo host localhost resolves to (127\.0\.0\.1|::1), which is not on the public internet/);
  });
});
