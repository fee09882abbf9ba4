import { pickBackground } from '../../src/lib/towns/towns.ts';
import { expect, test } from './fixtures.ts';
import { BACKGROUNDS, builtVehicles, TOWN_PAGES } from './towns-fixtures.ts';

const vehicles = builtVehicles();
const BRANDS = ['Club Car', 'EZ-GO', 'Denago', 'Evolution', 'Tomberlin', 'Swift EV'];
const BENEFITS = ['Premium Quality', 'Expert Service', '0% Financing', 'Eco-Friendly'];
const OTHER_COUNTIES = /\b(Atlantic|Camden|Cape May|Cumberland|Gloucester|Mercer|Monmouth|Ocean|Salem)\s+County\b/;
/** "$12,995": whole dollars with thousands separators. */
const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

// A township, a borough, a city and the county hub: what each shows, at 1280 px (the town template's
// layout at 375 and 1280 px is in critical-css.spec.ts and a11y-templates.spec.ts).
const SAMPLES = [
  { path: '/bass-river-township-golf-carts', town: 'Bass River Township', neighbour: 'Washington Township' },
  { path: '/wrightstown-borough-golf-carts', town: 'Wrightstown Borough', neighbour: 'New Hanover Township' },
  { path: '/beverly-city-golf-carts', town: 'Beverly City', neighbour: 'Delanco Township' },
  { path: '/burlington-county-golf-carts', town: 'Burlington County', neighbour: 'Woodland Township' },
];

for (const { path, town, neighbour } of SAMPLES) {
  test(`${town}: every block of a town page, with working buttons, and axe`, async ({ page, axe }) => {
    await page.goto(path);
    await expect(page).toHaveTitle(new RegExp(`Golf Carts for Sale in ${town}, NJ`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Golf Carts in ${town}, NJ`);
    await expect(page.locator('img[data-town-background]')).toHaveAttribute('src', pickBackground(path, BACKGROUNDS));

    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    await expect(hero.getByText(/Burlington County/).first()).toBeVisible();
    await expect(hero.getByRole('link', { name: /Shop Golf Carts/ })).toHaveAttribute('href', '/new-inventory');
    await expect(hero.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
    await expect(hero.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');

    for (const title of BENEFITS) await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();

    const brands = page.locator('section', { has: page.getByRole('heading', { name: 'Golf Cart Brands We Sell and Service' }) }).getByRole('listitem');
    await expect(brands).toHaveCount(6);
    for (const [index, name] of BRANDS.entries()) await expect(brands.nth(index)).toContainText(name);

    const popular = page.locator('section', { has: page.getByRole('heading', { name: 'Popular Golf Carts' }) });
    const cards = popular.getByRole('listitem');
    const shown = vehicles.slice(0, 3);
    await expect(cards).toHaveCount(shown.length);
    for (const [index, vehicle] of shown.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { name: vehicle.name })).toBeVisible();
      await expect(card.getByText(vehicle.description)).toBeVisible();
      await expect(card.getByText(dollars(vehicle.price), { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: /View Details/ })).toHaveAttribute('href', `/vehicles/${vehicle.id}`);
      if (vehicle.images[0]) await expect(card.getByRole('img')).toHaveAttribute('src', vehicle.images[0]);
    }
    await expect(popular.getByRole('link', { name: /View All Golf Carts/ })).toHaveAttribute('href', '/new-inventory');

    const contact = page.locator('section', { has: page.getByRole('heading', { name: `Contact Us in ${town}` }) });
    for (const heading of ['Phone', 'Hours', 'Local Service']) await expect(contact.getByRole('heading', { name: heading })).toBeVisible();
    await expect(contact.getByRole('link', { name: /^Local:/ })).toHaveAttribute('href', /^tel:/);
    await expect(contact.getByText('9AM-5PM').first()).toBeVisible();

    const map = page.locator('[data-map-facade]');
    await expect(map).toContainText(`${town}, NJ`);
    await expect(map).toHaveAttribute('data-src', new RegExp(`q=${encodeURIComponent(`${town}, NJ`)}&`));
    expect((await map.boundingBox())?.height).toBe(450);
    await expect(map.getByRole('button', { name: 'Show map' })).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);

    await expect(page.getByRole('link', { name: /Schedule Service/ })).toHaveAttribute('href', '/contact?interest=service');
    await expect(page.getByRole('link', { name: /Request Quote/ })).toHaveAttribute('href', '/contact?interest=sales');
    await expect(page.getByRole('heading', { name: new RegExp(`Ready to Ride in ${town}`) })).toBeVisible();

    const nearby = page.locator('[data-nearby-towns]');
    await expect(nearby.getByRole('link', { name: neighbour, exact: true })).toHaveAttribute('href', /^\/[a-z-]+-(township|borough|city)-golf-carts$/);
    if (town === 'Burlington County') await expect(nearby.getByRole('link')).toHaveCount(40);
    else await expect(page.getByRole('link', { name: 'All 40 towns in Burlington County' })).toHaveAttribute('href', '/burlington-county-golf-carts');

    expect(await page.locator('body').innerText()).not.toMatch(OTHER_COUNTIES);
    await axe();
  });
}

test('the town map loads only when asked, searching for the town, its type and NJ', async ({ page }) => {
  await page.route(/google\.com/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>map</title>' }));
  await page.goto('/medford-lakes-borough-golf-carts');
  await page.getByRole('button', { name: 'Show map' }).click();
  await expect(page.locator('iframe')).toHaveAttribute('src', 'https://www.google.com/maps?q=Medford%20Lakes%20Borough%2C%20NJ&output=embed');
  await expect(page.locator('iframe')).toHaveAttribute('title', 'Map of Medford Lakes Borough, NJ');
});

test('all 41 town pages build with the right h1, map query and background', async ({ request }) => {
  expect(TOWN_PAGES).toHaveLength(41);
  for (const town of TOWN_PAGES) {
    const response = await request.get(town.path, { maxRedirects: 0 });
    expect(response.status(), town.path).toBe(200);
    const html = await response.text();
    expect(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.trim(), town.path).toBe(`Golf Carts in ${town.fullName}, NJ`);
    expect(html, town.path).toContain(`data-src="https://www.google.com/maps?q=${encodeURIComponent(`${town.fullName}, NJ`)}&amp;output=embed"`);
    expect(/<img\b[^>]*data-town-background[^>]*>/.exec(html)?.[0], town.path).toContain(`src="${pickBackground(town.path, BACKGROUNDS)}"`);
    expect(html.match(/<h1\b/g), town.path).toHaveLength(1);
  }
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  // axe needs JavaScript to run, so the accessibility check is in the tests above.
  test('a town page reads fully, calls and links to the map', async ({ page }) => {
    await page.goto('/delran-township-golf-carts');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Golf Carts in Delran Township, NJ');
    await expect(page.getByRole('heading', { name: 'Popular Golf Carts' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Call/ }).first()).toHaveAttribute('href', /^tel:/);
    await expect(page.getByRole('link', { name: /Open in Google Maps/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Request Quote/ })).toHaveAttribute('href', '/contact?interest=sales');
    await expect(page.locator('[data-nearby-towns]').getByRole('link', { name: 'Cinnaminson Township' })).toBeVisible();
  });
});
