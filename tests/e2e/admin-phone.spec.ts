// The admin on a phone (docs/product.md §Editors): at 375 px an editor adds a unit with a photo
// taken on the spot, marks units sold and on hold in a few taps, and changes the local phone
// number, in the real admin, offline (tests/e2e/admin-repository.ts). What it saved must pass the
// schemas the build checks; the copy of the site is then built with these files (scripts/admin-edits.ts,
// scripts/copy-site.ts) and tests/photos/admin-edits.spec.ts looks at its pages. It runs first in
// playwright.copy.config.ts (its `admin` project), not with the other end-to-end tests.
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { parseDataFile } from '../../src/lib/data-file.ts';
import { parseLot } from '../../src/lib/data/vehicles.ts';
import { schema as dealerSchema } from '../../data/schemas/dealer.ts';
import { PHOTO_TRANSFORMATION } from '../../src/lib/admin/cms-config.ts';
import { calendarDay, DEALER_TIME_ZONE } from '../../src/lib/units/build-clock.ts';
import { photo } from '../../scripts/photo-site.ts';
import { join } from 'node:path';
import { ADMIN_TEST_DIR, writeAdminEdits, type AdminEdits } from '../../scripts/admin-edits.ts';
import { changedFiles, offlineRepository, readRepository, repositoryFiles, reveal, seedRepository, type RepositoryFile } from './admin-repository.ts';
import { expect, test } from './fixtures.ts';

const NEW_UNIT = { name: 'Evolution D5 Maverick 4 Plus', stockNumber: 'BGC-26099', id: 'evolution-d5-maverick-4-plus-bgc-26099' };
const SOLD_UNIT = { id: 'evo-d5-maverick-6-black', summary: 'Evolution D5 Maverick 6 · Available · BGC-26022' };
const HELD_UNIT = { id: 'evo-turfman-1000-green', summary: /^Evolution Turfman 1000 · Available/ };
// Not a number of the second store of the copy of the site, where this number is looked for (tests/photos/admin-edits.spec.ts).
const LOCAL_PHONE = { display: '(609) 555-0190', e164: '+16095550190' };

/** A field of the admin's editor by its label (Sveltia names each field's group “Label” Field). */
const field = (scope: Page | Locator, label: string) => scope.getByRole('group', { name: `“\u2068${label}\u2069” Field`, exact: true });

/** The list of units, where the admin opens. */
const unitList = (page: Page) => page.getByRole('main', { name: '\u2068Units on the lot\u2069 Collection' }).getByRole('grid', { name: 'Entries' });

/** Types a value; a keystroke while the editor is still opening can be lost, so it types again until the value holds. */
async function type(page: Page, input: Locator, value: string): Promise<void> {
  await reveal(page, input);
  // A field the editor is still opening takes no input yet: type only once it does.
  await expect(input).toBeEditable();
  await expect(async () => {
    await input.fill(value);
    expect(await input.inputValue()).toBe(value);
  }).toPass({ timeout: 10_000 });
}

/** The repository's files once `path` has been saved with `expected` in it. */
async function saved(page: Page, path: string, expected: string | RegExp): Promise<Record<string, RepositoryFile>> {
  let files: Record<string, RepositoryFile> = {};
  await expect
    .poll(async () => {
      files = await readRepository(page);
      return files[path]?.text ?? '';
    })
    .toMatch(expected);
  return files;
}

// The editor is at the dealership: the admin's "today" (a new unit's listed date) is the browser's
// own day, which is the showroom's calendar day there, also in the evening when UTC has moved on.
test.use({ timezoneId: DEALER_TIME_ZONE });

test(
  'at 375 px an editor adds a unit with a phone photo, marks units sold and on hold in three taps, and changes the local number',
  { tag: '@phone' },
  async ({ page, context, baseURL }) => {
    test.setTimeout(150_000);
    const before = repositoryFiles();
    await offlineRepository(context, new URL(baseURL ?? '').origin);
    await page.goto('/admin');
    await seedRepository(page, before);
    await page.getByRole('button', { name: 'Work with Local Repository' }).tap();
    await expect(unitList(page)).toBeVisible();

    // A new cart, with a photo taken on the spot (a phone's 4000 × 3000).
    const phonePhoto = await (await photo(4000, 3000, 7)).jpeg({ quality: 88 }).toBuffer();
    await page.getByRole('button', { name: 'Create New Entry' }).tap();
    await type(page, field(page, 'Price').getByRole('spinbutton'), '14250');
    await type(page, field(page, 'Name').getByRole('textbox'), NEW_UNIT.name);
    await type(page, field(page, 'Description').getByRole('textbox'), 'Four-passenger lifted lithium cart with LED lights, just arrived on the lot.');
    await field(page, 'Photos')
      .getByRole('button', { name: /Add.*photo/ })
      .tap();
    await field(page, 'Photo').getByRole('button', { name: 'Browse' }).tap();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('dialog').getByRole('button', { name: 'Upload' }).tap();
    await (await chooser).setFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: phonePhoto });
    await page.getByRole('dialog').getByRole('button', { name: 'Insert' }).tap();
    await type(page, field(page, 'What it shows').getByRole('textbox'), 'Side view on the lot');
    await expect(field(page, 'Photo').locator('img')).toBeVisible();
    await field(page, 'Photos').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ADMIN_TEST_DIR, 'unit-editor-375.png') });
    await field(page, 'Brand').getByRole('radio', { name: 'Evolution' }).tap();
    await type(page, field(page, 'Model').getByRole('textbox'), 'D5 Maverick 4 Plus');
    await (await reveal(page, field(page, 'Category').getByRole('radio', { name: 'Maverick' }))).tap();
    await type(page, field(page, 'Stock number').getByRole('textbox'), NEW_UNIT.stockNumber);
    await type(page, field(page, 'Serial number').getByRole('textbox'), 'EV4P-2026-0099');
    await type(page, field(page, 'Exterior color').getByRole('textbox'), 'Mineral White');
    await type(page, field(page, 'Seat color').getByRole('textbox'), 'Black');
    await type(page, field(field(page, 'Battery'), 'Capacity (Ah)').getByRole('spinbutton'), '105');
    // The six specifications may wait for an editor (an imported unit's do): a unit typed in by hand adds them.
    const specifications = field(page, 'Specifications');
    await (await reveal(page, specifications.getByRole('checkbox', { name: 'Add \u2068Specifications\u2069', exact: true }))).tap();
    for (const [label, value] of [
      ['Top speed', '25 mph'],
      ['Range', '35-45 mi'],
      ['Battery type', 'Lithium ion'],
      ['Charging time', '6-8 h'],
      ['Payload', '800 lbs'],
    ] as const)
      await type(page, field(specifications, label).getByRole('textbox'), value);
    await type(page, field(specifications, 'Seating capacity').getByRole('spinbutton'), '4');
    await page.getByRole('button', { name: 'Save' }).tap();
    const newFile = `data/units/${NEW_UNIT.id}.json`;
    await saved(page, newFile, /"stockNumber": "BGC-26099"/);

    // Opening the admin (signed in, it remembers the folder): a unit is sold, another on hold, each in three taps.
    const taps: Record<string, number> = {};
    for (const [unit, status] of [
      [SOLD_UNIT, 'Sold'],
      [HELD_UNIT, 'On hold'],
    ] as const) {
      await page.goto('/admin');
      await expect(unitList(page)).toBeVisible();
      let count = 0;
      const tap = async (target: Locator) => {
        count++;
        await target.tap();
      };
      await tap(page.getByText(unit.summary).first());
      await tap(field(page, 'Status').getByRole('radio', { name: status }));
      await tap(page.getByRole('button', { name: 'Save' }));
      await saved(page, `data/units/${unit.id}.json`, status === 'Sold' ? /"status": "sold"/ : /"status": "on-hold"/);
      taps[status] = count;
    }
    expect(taps).toEqual({ Sold: 3, 'On hold': 3 });

    // The local phone number, in the dealer settings.
    await page.goto('/admin#/collections/site');
    await page.getByText('Dealer settings (phones, hours, links, store code)').tap();
    const local = field(field(page, 'Phones'), 'Local');
    await type(page, field(local, 'Display').getByRole('textbox'), LOCAL_PHONE.display);
    await type(page, field(local, 'Dialled number').getByRole('textbox'), LOCAL_PHONE.e164);
    await page.getByRole('button', { name: 'Save' }).tap();
    const after = await saved(page, 'data/dealer.json', new RegExp(LOCAL_PHONE.e164.replace('+', '\\+')));

    // What the admin wrote: the files the build reads, nothing else, and all of them valid.
    const changed = changedFiles(before, after);
    const photoPath = Object.keys(changed).find((path) => path.startsWith(`public/images/units/${NEW_UNIT.id}/`)) ?? '';
    expect(Object.keys(changed).sort()).toEqual(
      ['data/dealer.json', newFile, `data/units/${HELD_UNIT.id}.json`, `data/units/${SOLD_UNIT.id}.json`, photoPath].sort(),
    );
    const text = (path: string) => after[path]?.text ?? '';
    const unitFiles = Object.fromEntries(
      Object.keys(after)
        .filter((path) => path.startsWith('data/units/'))
        .map((path) => [path.slice('data/units/'.length), JSON.parse(text(path))]),
    );
    const lot = parseLot(unitFiles, JSON.parse(text('data/lot.json')));
    expect(lot.units.find((unit) => unit.id === SOLD_UNIT.id)).toMatchObject({ status: 'sold', soldDate: calendarDay(new Date()) });
    expect(lot.units.find((unit) => unit.id === HELD_UNIT.id)).toMatchObject({ status: 'on-hold' });
    expect(lot.units.find((unit) => unit.id === NEW_UNIT.id)).toMatchObject({
      images: [`/${photoPath.replace(/^public\//, '')}`],
      listedDate: calendarDay(new Date()),
    });
    expect(parseDataFile('dealer.json', dealerSchema, JSON.parse(text('data/dealer.json'))).phones.local).toEqual(LOCAL_PHONE);
    // A save changes only what the editor changed, in the layout the data files keep (2 spaces, a final line break).
    const today = calendarDay(new Date());
    const original = (path: string) => JSON.parse(before[path] ?? '{}') as Record<string, unknown>;
    const soldBefore = Object.entries(original(`data/units/${SOLD_UNIT.id}.json`));
    const expected: Record<string, unknown> = {
      [`data/units/${SOLD_UNIT.id}.json`]: Object.fromEntries(
        soldBefore.flatMap(([key, value]) =>
          key === 'status'
            ? [
                [key, 'sold'],
                ['soldDate', today],
              ]
            : [[key, value]],
        ),
      ),
      [`data/units/${HELD_UNIT.id}.json`]: { ...original(`data/units/${HELD_UNIT.id}.json`), status: 'on-hold' },
      'data/dealer.json': { ...original('data/dealer.json'), phones: { ...(original('data/dealer.json').phones as object), local: LOCAL_PHONE } },
    };
    for (const [path, data] of Object.entries(expected)) expect(text(path), path).toBe(`${JSON.stringify(data, null, 2)}\n`);

    // The phone photo, shrunk in the browser: WebP, no wider than the widest slot of the site.
    const stored = Buffer.from(after[photoPath]?.base64 ?? '', 'base64');
    const metadata = await sharp(stored).metadata();
    expect(photoPath).toMatch(/\.webp$/);
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      format: 'webp',
      width: PHOTO_TRANSFORMATION.width,
      height: (PHOTO_TRANSFORMATION.width * 3) / 4,
    });
    expect(stored.length).toBeLessThan(phonePhoto.length / 2);

    const edits: AdminEdits = {
      newUnit: NEW_UNIT.id,
      soldUnit: SOLD_UNIT.id,
      heldUnit: HELD_UNIT.id,
      localPhone: LOCAL_PHONE,
      photo: { path: photoPath, bytes: stored.length, original: phonePhoto.length, width: metadata.width ?? 0, height: metadata.height ?? 0 },
      taps,
      files: Object.fromEntries(Object.entries(changed).map(([path, file]) => [path, file.text ?? { base64: file.base64 ?? '' }])),
    };
    writeAdminEdits(edits);
    console.log(
      `Admin at 375 px: taps to mark sold ${taps.Sold}, on hold ${taps['On hold']}; phone photo ${phonePhoto.length} bytes → ${stored.length} bytes WebP, ${metadata.width} × ${metadata.height}`,
    );
  },
);
