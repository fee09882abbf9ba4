import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SECOND_STORE, SECOND_STORE_SLUG } from '../fixtures/second-store.ts';
import { UNKNOWN_MODEL_UNIT_ID } from '../fixtures/unknown-model-unit.ts';
import { clearLocalRateLimits, readLocalLeads } from '../../scripts/local-leads.ts';
import { newVisitor } from '../e2e/contact-leads.ts';
import { INVENTORY_PAGE_SIZE } from '../../src/lib/inventory/pages.ts';
import { expect, test } from '../copy/fixtures.ts';
import { inDays, reservationReady } from '../e2e/rentals-leads.ts';

// A site with two stores (docs/product.md §Stores), over the copy of the site with a second store
// and every other unit on its lot, more than a page of units each (scripts/copy-site.ts): the
// Locations pages, the store line of every card and unit page, the structured data, the local
// inventory feed and the sitemap.

interface ApiVehicle {
  id: string;
  stockNumber: string;
  store: string;
  status: string;
}
const SHOTS = join(import.meta.dirname, '..', '..', 'test-results-copy', 'stores-shots');
const FIRST = { slug: 'mount-holly', city: 'Mount Holly', code: 'MTHOLLY-01' };

async function lot(page: Page): Promise<ApiVehicle[]> {
  const response = await page.request.get('/api/vehicles');
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiVehicle[];
}

/** The units a list of units shows on its current page. */
const shownIds = (target: Page) =>
  target
    .locator('[data-inventory-list] article')
    .getByRole('link', { name: /View Details/ })
    .evaluateAll((links) => links.map((a) => (a.getAttribute('href') ?? '').replace('/vehicles/', '')));

/**
 * Calls `visit` on the current page of a paged list of units, then on each next page through
 * its pager's Next link to the last (with JavaScript the island turns the page in place).
 */
async function everyPage(target: Page, visit: () => Promise<void>): Promise<void> {
  const pager = target.getByRole('navigation', { name: 'Inventory pages' });
  const next = pager.getByRole('link', { name: 'Next', exact: true });
  await visit();
  for (let number = 2; (await next.count()) > 0; number++) {
    await next.click();
    await expect(pager.getByRole('link', { name: `Page ${number}`, exact: true })).toHaveAttribute('aria-current', 'page');
    await visit();
  }
}

async function jsonLd(page: Page): Promise<Record<string, any>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => {
    const data = JSON.parse(text) as Record<string, any> | Record<string, any>[];
    return Array.isArray(data) ? data : [data];
  });
}

test('the Locations page lists both stores, and the menu leads to it instead of the showroom', async ({ page, axe }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Locations' }).first()).toHaveAttribute('href', '/locations');
  await page.goto('/locations');
  const cards = page.locator('[data-stores] > li');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('100 High Street');
  await expect(cards.nth(1)).toContainText(SECOND_STORE.address.street);
  await expect(cards.nth(1).getByRole('link', { name: SECOND_STORE.phones.main.display })).toHaveAttribute('href', `tel:${SECOND_STORE.phones.main.e164}`);
  await axe();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: join(SHOTS, `locations-${width}.png`), fullPage: true });
  }
});

test("a store's page has its address, call links, hours, directions, map and its own lot", async ({ page, axe }) => {
  const units = (await lot(page)).filter((unit) => unit.store === SECOND_STORE_SLUG);
  expect(units.length).toBeGreaterThan(0);
  await page.goto(`/locations/${SECOND_STORE_SLUG}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(SECOND_STORE.name);
  const details = page.locator('section', { has: page.locator('#location-heading') });
  await expect(details.locator('address')).toContainText(`${SECOND_STORE.address.street}`);
  await expect(details.locator('address')).toContainText('Medford, NJ 08055');
  await expect(details.getByRole('link', { name: `Sales: ${SECOND_STORE.phones.main.display}` })).toHaveAttribute(
    'href',
    `tel:${SECOND_STORE.phones.main.e164}`,
  );
  await expect(details.getByRole('link', { name: `Service: ${SECOND_STORE.phones.service.display}` })).toHaveAttribute(
    'href',
    `tel:${SECOND_STORE.phones.service.e164}`,
  );
  await expect(details).toContainText('Tuesday - Saturday');
  await expect(details.getByRole('link', { name: /Directions/ })).toHaveAttribute('href', /destination=25\+Main\+Street\+Medford\+NJ\+08055/);
  await expect(page.locator('[data-map-facade]')).toHaveAttribute('data-src', /25\+Main\+Street|25%20Main%20Street/);
  await axe();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: join(SHOTS, `store-${width}.png`), fullPage: true });
  }
  // Its lot, page by page: the units of this store only, each saying so.
  const shown: string[] = [];
  await everyPage(page, async () => {
    shown.push(...(await shownIds(page)));
    const lines = page.locator('[data-inventory-list] [data-unit-lot] a');
    await expect(lines).toHaveCount(await page.locator('[data-inventory-list] article').count());
    for (const line of await lines.all()) {
      await expect(line).toHaveText('On the lot in Medford');
      await expect(line).toHaveAttribute('href', `/locations/${SECOND_STORE_SLUG}`);
    }
  });
  expect(units.length, 'more than one page of units on the lot').toBeGreaterThan(INVENTORY_PAGE_SIZE);
  expect(shown.sort()).toEqual(units.map((unit) => unit.id).sort());
});

test('"Text" is beside "Call" where the store takes texts, with its ASC event, and nowhere else', async ({ page }) => {
  const sms = `sms:${SECOND_STORE.phones.main.e164}`;
  const text = `Text ${SECOND_STORE.phones.main.display}`;
  // Its store page: in the band beside Call, and beside the Call button of its details.
  await page.goto(`/locations/${SECOND_STORE_SLUG}`);
  await expect(page.getByRole('link', { name: text, exact: true })).toHaveCount(2);
  for (const link of await page.getByRole('link', { name: text, exact: true }).all()) await expect(link).toHaveAttribute('href', sms);
  // The Locations page and /contact: on its line only; the first store takes none.
  for (const path of ['/locations', '/contact']) {
    await page.goto(path);
    await expect(page.locator('a[href^="sms:"]'), path).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'text', exact: true })).toHaveAttribute('href', sms);
  }
  // A unit page: of a unit on its lot, "or text us"; of the first store's, nothing.
  const units = await lot(page);
  const theirs = units.find((unit) => unit.store === SECOND_STORE_SLUG && unit.status === 'available')!;
  const ours = units.find((unit) => unit.store === FIRST.slug && unit.status === 'available')!;
  await page.goto(`/vehicles/${ours.id}`);
  await expect(page.locator('a[href^="sms:"]')).toHaveCount(0);
  await page.goto(`/vehicles/${theirs.id}`);
  const textUs = page.getByRole('link', { name: 'text us', exact: true });
  await expect(textUs).toHaveAttribute('href', sms);
  await expect(textUs.locator('..')).toContainText(`Questions? Call ${SECOND_STORE.phones.main.display} or text us.`);
  // The tap's event: the ASC click-to-call event on the text channel, with the unit and the number.
  await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()));
  await textUs.click();
  const events = await page.evaluate(() => (window as unknown as { asc_datalayer: { events: Record<string, unknown>[] } }).asc_datalayer.events);
  expect(events.filter((event) => event.event === 'asc_click_to_call')).toEqual([
    expect.objectContaining({ comm_type: 'text', comm_phone_number: SECOND_STORE.phones.main.e164, page_type: 'item', item_number: theirs.stockNumber }),
  ]);
  expect(events.filter((event) => event.event === 'asc_cta_interaction')).toEqual([]);
  // The mobile menu texts the main store, which takes none here.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Call Now', exact: false })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('link', { name: /^Text / })).toHaveCount(0);
});

test('every inventory card and unit page says on which lot the unit is, linking to the store', async ({ page }) => {
  const units = await lot(page);
  await page.goto('/new-inventory');
  const cards = page.locator('[data-inventory-list] article');
  const count = await cards.count();
  expect(count).toBeGreaterThan(1);
  for (const card of (await cards.all()).slice(0, 6)) {
    const id = ((await card.getByRole('link', { name: /View Details/ }).getAttribute('href')) ?? '').replace('/vehicles/', '');
    const store = units.find((unit) => unit.id === id)!.store;
    await expect(card.locator('[data-unit-lot] a')).toHaveAttribute('href', `/locations/${store}`);
    await expect(card.locator('[data-unit-lot] a')).toHaveText(`On the lot in ${store === SECOND_STORE_SLUG ? 'Medford' : FIRST.city}`);
  }
  const unit = units.find((each) => each.store === SECOND_STORE_SLUG && each.status === 'available')!;
  await page.goto(`/vehicles/${unit.id}`);
  await expect(page.locator('[data-unit-lot] a')).toHaveText('On the lot in Medford');
  await page.locator('[data-unit-lot] a').click();
  await expect(page).toHaveURL(new RegExp(`/locations/${SECOND_STORE_SLUG}$`));
  await page.goto(`/vehicles/${unit.id}`);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.locator('[data-unit-lot]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `unit-${width}.png`) });
  }
});

test("each store is an AutoDealer of the group, and a unit's Offer is sold by its store and available there", async ({ page }) => {
  await page.goto(`/locations/${SECOND_STORE_SLUG}`);
  const storeNode = (await jsonLd(page)).find((node) => node['@type'] === 'AutoDealer')!;
  expect(storeNode).toMatchObject({
    '@id': expect.stringMatching(new RegExp(`/locations/${SECOND_STORE_SLUG}#store$`)),
    telephone: SECOND_STORE.phones.main.e164,
    address: { streetAddress: SECOND_STORE.address.street, addressLocality: 'Medford', postalCode: '08055' },
    geo: { latitude: SECOND_STORE.geo.latitude, longitude: SECOND_STORE.geo.longitude },
    parentOrganization: { '@id': expect.stringMatching(/#organization$/) },
  });
  expect(storeNode.openingHoursSpecification[0]).toMatchObject({ opens: '10:00', closes: '18:00' });
  await page.goto('/locations');
  const nodes = await jsonLd(page);
  const ids = nodes.filter((node) => node['@type'] === 'AutoDealer').map((node) => node['@id'] as string);
  expect(new Set(ids).size).toBe(2);
  expect(nodes.find((node) => node['@type'] === 'Organization')?.['@id']).toBe(storeNode.parentOrganization['@id']);

  const unit = (await lot(page)).find((each) => each.store === SECOND_STORE_SLUG && each.status === 'available')!;
  await page.goto(`/vehicles/${unit.id}`);
  const offer = (await jsonLd(page)).find((node) => node['@type'] === 'Vehicle')?.offers;
  expect(offer.seller).toEqual({ '@id': storeNode['@id'] });
  expect(offer.availableAtOrFrom).toEqual({ '@id': storeNode['@id'] });
});

test('the local inventory feed gives each unit its store code, and the sitemap has the Locations pages', async ({ page }) => {
  const units = await lot(page);
  const feed = await (await page.request.get('/feeds/google-local-inventory.xml')).text();
  const rows = [...feed.matchAll(/<item><g:store_code>([^<]+)<\/g:store_code><g:id>([^<]+)<\/g:id>/g)].map((match) => [match[2], match[1]]);
  expect(rows.length).toBe(units.length);
  // The feed's id is the unit's stock number.
  for (const [id, code] of rows)
    expect(code, id).toBe(units.find((unit) => unit.stockNumber === id)!.store === SECOND_STORE_SLUG ? SECOND_STORE.storeCode : FIRST.code);
  expect(new Set(rows.map(([, code]) => code))).toEqual(new Set([SECOND_STORE.storeCode, FIRST.code]));
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  for (const path of ['/locations', `/locations/${SECOND_STORE_SLUG}`, `/locations/${FIRST.slug}`])
    expect(sitemap).toMatch(new RegExp(`<loc>[^<]+${path}</loc>`));
});

test("the home, showroom, contact, town and model pages and the footer describe the group and each of its stores, and a unit's page its own store: never one store for the group", async ({
  page,
  axe,
}) => {
  const storeIds = [FIRST.slug, SECOND_STORE_SLUG].map((slug) => expect.stringMatching(new RegExp(`/locations/${slug}#store$`)));
  for (const path of ['/', '/showroom', '/contact', '/services', '/rentals', '/vehicles/denago-ev-nomad-xl', '/bass-river-township-golf-carts']) {
    await page.goto(path);
    const nodes = await jsonLd(page);
    // Whatever the page describes is sold or provided by the group or a store, never by one showroom standing for the group.
    expect(JSON.stringify(nodes), path).not.toContain('#dealer"');
    if (!['/', '/showroom', '/contact', '/bass-river-township-golf-carts'].includes(path)) continue;
    const group = nodes.find((node) => node['@type'] === 'Organization')!;
    expect(group, path).not.toHaveProperty('address');
    expect(group.areaServed.length, path).toBeGreaterThan(1);
    const dealers = nodes.filter((node) => node['@type'] === 'AutoDealer');
    expect(
      dealers.map((node) => node['@id']),
      path,
    ).toEqual(storeIds);
    for (const node of dealers) expect(node.parentOrganization, path).toEqual({ '@id': group['@id'] });
    expect(dealers[1]).toMatchObject({ telephone: SECOND_STORE.phones.main.e164, address: { addressLocality: 'Medford' } });
  }
  // A model's page gives each store's hours and number.
  await page.goto('/vehicles/denago-ev-city');
  const visit = page.getByRole('region', { name: 'Visit and delivery' });
  await expect(visit.getByRole('link', { name: `Call ${SECOND_STORE.phones.main.display}` })).toHaveAttribute('href', `tel:${SECOND_STORE.phones.main.e164}`);
  await expect(visit).toContainText('Tuesday - Saturday');
  // A unit's page gives its store's town and number.
  const unit = (await lot(page)).find((each) => each.store === SECOND_STORE_SLUG && each.status === 'available')!;
  await page.goto(`/vehicles/${unit.id}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /, Medford, NJ\.$/);
  await expect(page.getByRole('main').getByRole('link', { name: SECOND_STORE.phones.main.display })).toHaveAttribute(
    'href',
    `tel:${SECOND_STORE.phones.main.e164}`,
  );
  // The contact page gives each store's address, number and hours.
  await page.goto('/contact');
  const details = page.getByRole('main');
  await expect(details.getByRole('link', { name: SECOND_STORE.phones.main.display })).toHaveAttribute('href', `tel:${SECOND_STORE.phones.main.e164}`);
  await expect(details.locator('address').filter({ hasText: SECOND_STORE.address.street })).toContainText('Medford, NJ 08055');
  await expect(details).toContainText('Tuesday - Saturday');
  await page.goto('/showroom');
  // The showroom: one card per store, each with its own call link and a link to its lot.
  const cards = page.locator('section[aria-labelledby^="location-"]');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1).locator('address')).toContainText(`${SECOND_STORE.address.street}`);
  await expect(cards.nth(1).getByRole('link', { name: `Sales: ${SECOND_STORE.phones.main.display}` })).toHaveAttribute(
    'href',
    `tel:${SECOND_STORE.phones.main.e164}`,
  );
  await expect(cards.nth(1).getByRole('link', { name: 'See the carts on the lot in Medford' })).toHaveAttribute('href', `/locations/${SECOND_STORE_SLUG}`);
  await axe();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: join(SHOTS, `showroom-${width}.png`), fullPage: true });
  }
  // The footer (of every page): each store with its town and its own number as a call link.
  await page.goto('/');
  const footerStores = page.locator('[data-footer-stores] > li');
  await expect(footerStores).toHaveCount(3);
  await expect(footerStores.nth(0).getByRole('link', { name: 'Mount Holly showroom', exact: true })).toHaveAttribute('href', `/locations/${FIRST.slug}`);
  await expect(footerStores.nth(1)).toContainText('Medford, NJ 08055');
  await expect(footerStores.nth(1).getByRole('link', { name: `Medford showroom: ${SECOND_STORE.phones.main.display}` })).toHaveAttribute(
    'href',
    `tel:${SECOND_STORE.phones.main.e164}`,
  );
  await expect(footerStores.nth(2)).toContainText('Toll-free');
  // Nothing on the home page gives one store's address as the dealer's.
  await expect(page.locator('#contact-block-heading').locator('xpath=ancestor::section')).toContainText(SECOND_STORE.address.street);
  await expect(page.locator('[data-map-facade]')).not.toHaveAttribute('data-src', /High\+Street|High%20Street/);
  await axe();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.locator('footer').screenshot({ path: join(SHOTS, `footer-${width}.png`) });
  }
});

test("the copy's pages pass Google's structured-data rules, and its Locations, showroom, contact, brand, unit (the admin's and the imported ones too), town and rentals pages the Nu Html Checker", ({
  copySite: { dir },
}) => {
  const run = (validator: string, paths?: string) =>
    execFileSync('node', ['scripts/validate.ts', validator], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, ...(paths ? { VALIDATE_PATHS: paths } : {}) },
    });
  expect(run('structured-data')).toMatch(/ 0 errors/);
  // Pages by path prefix: /vehicles/evo takes every Evolution unit's page, the one the admin added
  // and the one imported from a spreadsheet row (tests/lot/lot.spec.ts) among them; one start of Java for all.
  const pages = [
    '/locations',
    '/vehicles/evo',
    `/vehicles/${UNKNOWN_MODEL_UNIT_ID}`,
    '/showroom',
    '/denago',
    '/contact',
    '/bass-river-township-golf-carts',
    '/rentals',
  ];
  expect(run('html', pages.join(','))).toMatch(/ 0 errors, 0 warnings/);
});

test('the inventory filters by location, with and without JavaScript', async ({ page, browser }) => {
  const units = (await lot(page)).filter((unit) => unit.store === SECOND_STORE_SLUG);
  const ids = units.map((unit) => unit.id).sort();
  /** The units of every page of the filtered list, from the one shown on. */
  const listed = async (target: Page) => {
    const shown: string[] = [];
    await everyPage(target, async () => void shown.push(...(await shownIds(target))));
    return shown.sort();
  };
  await page.goto('/new-inventory');
  await page.getByLabel('Location').selectOption({ label: 'Medford' });
  await expect(page).toHaveURL(new RegExp(`[?&]store=${SECOND_STORE_SLUG}`));
  await expect(page.getByTestId('inventory-count')).toContainText(String(units.length));
  expect(await listed(page)).toEqual(ids);

  const plain = await browser.newContext({ javaScriptEnabled: false, baseURL: new URL(page.url()).origin });
  try {
    const noScript = await plain.newPage();
    await noScript.goto('/new-inventory');
    await noScript.getByLabel('Location').selectOption({ label: 'Medford' });
    await noScript.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(noScript).toHaveURL(new RegExp(`[?&]store=${SECOND_STORE_SLUG}`));
    await expect(noScript.getByLabel('Location')).toHaveValue(SECOND_STORE_SLUG);
    expect(await listed(noScript)).toEqual(ids);
  } finally {
    await plain.close();
  }
});

test('the contact, service and parts forms let the visitor choose a store, with and without JavaScript, and the service form’s follows the pick-up town', async ({
  page,
  browser,
}) => {
  for (const path of ['/contact', '/schedule-service', '/parts']) {
    await page.goto(path);
    const choice = page.getByLabel('Store');
    await expect(choice.locator('option')).toHaveText(['Mount Holly showroom, Mount Holly', 'Medford showroom, Medford']);
    await expect(choice).toHaveValue(FIRST.slug);
  }

  // The service form's store follows the pick-up town to its nearest store, until the visitor chooses one.
  await page.goto('/schedule-service');
  await page.locator('astro-island:has(form[action="/api/service-request"]):not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('Pick it up from me (fee by distance)').check();
  await page.getByLabel('Pick-up town').selectOption('shamong-township');
  await expect(page.getByLabel('Store')).toHaveValue(SECOND_STORE_SLUG);
  await expect(page.getByLabel('Pick-up town').locator('option:checked')).toHaveText('Shamong Township (about 10 mi, pick-up free)');
  await page.getByLabel('Store').selectOption(FIRST.slug);
  await page.getByLabel('Pick-up town').selectOption('woodland-township');
  await expect(page.getByLabel('Store')).toHaveValue(FIRST.slug);

  const plain = await browser.newContext({ javaScriptEnabled: false, baseURL: new URL(page.url()).origin });
  try {
    const noScript = await plain.newPage();
    await noScript.goto('/contact');
    await noScript.getByLabel('Store').selectOption(SECOND_STORE_SLUG);
    await noScript.getByLabel('Email').fill('not an address');
    await noScript.getByRole('button', { name: 'Send Message' }).click();
    // The form again, from the function, with the visitor's choice kept.
    await expect(noScript.getByLabel('Email')).toHaveValue('not an address');
    await expect(noScript.getByLabel('Store')).toHaveValue(SECOND_STORE_SLUG);
  } finally {
    await plain.close();
  }
});

test('a town page names the store nearest to it with its distance, worded as what it measures, and counts the delivery fee from it', async ({ page, axe }) => {
  await page.goto('/bass-river-township-golf-carts');
  const store = page.locator('[data-fact="store"]');
  // No driving miles from Medford in the data: the straight line, said to be one.
  await expect(store).toContainText('Medford showroom in Medford, about 28 miles in a straight line: Bass River Township is');
  await expect(store).toContainText('nearest of 40 to one of our stores');
  await expect(store.getByRole('link', { name: SECOND_STORE.name })).toHaveAttribute('href', `/locations/${SECOND_STORE_SLUG}`);
  await expect(page.locator('[data-fact="fee"]')).toHaveText('$108 to Bass River Township from Medford showroom: 18 × $6 beyond 10 free miles');
  await expect(page.locator('[data-fact="rentals"] caption')).toHaveText('Rentals delivered to Bass River Township, $108 delivery included');
  await expect(page.getByText('miles are from the nearest of our stores')).toBeVisible();
  await axe();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.locator('[data-town-facts]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `town-${width}.png`) });
  }

  // A town nearer the first store: the editor's driving miles from the showroom.
  await page.goto('/burlington-city-golf-carts');
  await expect(page.locator('[data-fact="store"]')).toContainText(`Mount Holly showroom in ${FIRST.city}, 7 miles by road:`);
  await expect(page.locator('[data-fact="fee"]')).toHaveText('Free to Burlington City from Mount Holly showroom (7 miles of the first 10 free)');
});

test('the rental quote counts the delivery fee from the store nearest the town, or the one chosen, and the request is filed for that store', async ({
  page,
  browser,
  axe,
  copySite: { dir },
}) => {
  await clearLocalRateLimits(dir);
  await page.clock.install();
  await page.goto('/rentals#reserve');
  await reservationReady(page);
  const choice = page.getByLabel('Store', { exact: true });
  await expect(choice.locator('option')).toHaveText(['Nearest to the delivery town', 'Mount Holly showroom, Mount Holly', 'Medford showroom, Medford']);
  await expect(choice).toHaveValue('');
  await page.getByLabel('Pick-up date', { exact: true }).fill(inDays(7));
  await page.getByLabel('Return date', { exact: true }).fill(inDays(8));
  await page.getByLabel('Pickup or delivery', { exact: true }).selectOption('bass-river-township');
  await page.getByLabel('Delivery street address', { exact: true }).fill('1 Stage Road');
  const estimate = page.locator('[data-quote]');
  await expect(estimate).toContainText('Delivery from Medford showroom to Bass River Township and pickup (about 28 miles in a straight line)$108');
  await choice.selectOption(FIRST.slug);
  await expect(estimate).toContainText('Delivery from Mount Holly showroom to Bass River Township and pickup (38 miles one way)$168');
  await choice.selectOption('');
  await expect(estimate).toContainText('$108');
  await axe();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.getByLabel('Pickup or delivery', { exact: true }).evaluate((field) => field.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(SHOTS, `rentals-${width}.png`) });
  }

  const visitor = newVisitor('stores-rental');
  await page.getByLabel('First Name', { exact: true }).fill(visitor.firstName);
  await page.getByLabel('Last Name', { exact: true }).fill(visitor.lastName);
  await page.getByLabel('Email', { exact: true }).fill(visitor.email);
  await page.getByLabel('Phone', { exact: true }).fill(visitor.phone);
  await page.getByLabel(/The driver is 21 or older/).check();
  // A person takes longer than the 3-second minimum fill time; let the page's clock say so.
  await page.clock.fastForward(5000);
  await page.getByRole('button', { name: 'Request Reservation' }).click();
  await expect(page).toHaveURL(/\/thank-you/);
  // Filed for Medford (whose rentals inbox gets it: tests/functions/store-routing.test.ts), with Medford's fee.
  const filed = async () => (await readLocalLeads(dir)).leads.find((each) => each.inquiry.email === visitor.email);
  expect(await filed()).toMatchObject({
    store: SECOND_STORE_SLUG,
    inquiry: { interest: 'rentals' },
    reservation: { store: { slug: SECOND_STORE_SLUG }, delivery: { miles: 28, measure: 'straight' }, quote: { deliveryFee: 108 } },
  });

  // Without JavaScript the default is the same: Get quote names the nearest store.
  const plain = await browser.newContext({ javaScriptEnabled: false, baseURL: new URL(page.url()).origin });
  try {
    const noScript = await plain.newPage();
    await noScript.goto('/rentals');
    await noScript.getByLabel('Pick-up date', { exact: true }).fill(inDays(7));
    await noScript.getByLabel('Return date', { exact: true }).fill(inDays(8));
    await noScript.getByLabel('Pickup or delivery', { exact: true }).selectOption('bass-river-township');
    await noScript.getByLabel('Delivery street address', { exact: true }).fill('1 Stage Road');
    await noScript.getByRole('button', { name: 'Get quote' }).click();
    await expect(noScript.getByText('Delivery from Medford showroom to Bass River Township and pickup (about 28 miles in a straight line)')).toBeVisible();
    // The choice is carried on to the request.
    await expect(noScript.locator('input[type="hidden"][name="store"]')).toHaveValue('');
  } finally {
    await plain.close();
  }
});
