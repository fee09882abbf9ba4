import { expect, test } from './fixtures.ts';

test.describe('a newer model page (Evolution D5 Maverick 4 Plus)', () => {
  test('shows every part of a model page with the NEW badge and the MSRP strip, and passes axe', async ({ page, axe }) => {
    await page.goto('/vehicles/evolution-d5-maverick-4-plus');
    await expect(page).toHaveTitle(/Evolution D5 Maverick 4 Plus/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/vehicles\/evolution-d5-maverick-4-plus$/);

    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: 'Vehicles' })).toHaveAttribute('href', '/new-inventory');
    await expect(crumbs.getByRole('link', { name: 'Evolution' })).toHaveAttribute('href', '/evolution');
    await expect(crumbs.getByText('D5 Maverick 4 Plus')).toHaveAttribute('aria-current', 'page');

    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Evolution D5 Maverick 4 Plus');
    await expect(hero.getByText('Evolution', { exact: true })).toBeVisible();
    const tiles = hero.locator('[data-highlight]');
    await expect(tiles).toHaveCount(4);
    await expect(tiles).toHaveText(['Top Speed25 mph', 'Range35-45 mi', 'Seats4', 'BatteryLithium ion']);
    const quote = hero.getByRole('link', { name: 'Get Quote' });
    await expect(quote).toHaveAttribute('href', /^\/contact\?interest=sales&vehicle=evolution-d5-maverick-4-plus&message=.+Maverick/);
    const finance = hero.getByRole('link', { name: /Finance Options/ });
    await expect(finance).toHaveAttribute('href', /^https:\/\//);
    await expect(finance).toHaveAttribute('target', '_blank');
    await expect(finance).toHaveAttribute('rel', 'noopener');
    await expect(hero.getByText('NEW', { exact: true })).toBeVisible();
    await expect(hero.getByRole('img', { name: 'Evolution D5 Maverick 4 Plus' })).toBeVisible();

    const strip = page.getByRole('region', { name: 'Price and availability' });
    await expect(strip.getByText('$12,995', { exact: true })).toBeVisible();
    await expect(strip.getByText('In Stock', { exact: true })).toBeVisible();
    await expect(strip.getByText('1-2 weeks', { exact: true })).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Features' })).toBeVisible();
    const specs = page.locator('[data-spec]');
    await expect(specs).toHaveText([
      'Top Speed25 mph',
      'Range35-45 mi',
      'Seating Capacity4',
      'Charging Time6-8 h',
      'Payload800 lbs',
      'Battery TypeLithium ion',
    ]);
    const details = page.getByRole('link', { name: /View More Details/ });
    await expect(details).toHaveAttribute('href', /^https:\/\/[a-z]+\.example\.com\//);
    await expect(details).toHaveAttribute('target', '_blank');

    await expect(page.getByRole('heading', { name: 'Business Hours' })).toHaveCount(0);

    const closing = page.locator('section', { has: page.getByRole('heading', { name: /Ready to Drive Home/ }) });
    await expect(closing.getByRole('link', { name: 'Get Quote Today' })).toHaveAttribute('href', (await quote.getAttribute('href')) ?? '');
    await expect(closing.getByRole('link', { name: 'Visit Showroom' })).toHaveAttribute('href', '/showroom');
    await expect(closing.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
    await axe();
  });

  test('its Compare link opens the comparison with this model preselected', async ({ page }) => {
    await page.goto('/vehicles/evolution-d5-maverick-4-plus');
    await page.getByRole('link', { name: 'Compare with other models' }).click();
    await expect(page).toHaveURL(/\/compare\?models=evolution-d5-maverick-4-plus,evolution-d5-maverick-[a-z0-9-]+$/);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: /Evolution D5 Maverick 4 Plus/ })).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveCount(2);
  });
});

test.describe('an older model page (Denago EV City)', () => {
  test('shows business hours and the service area instead of the MSRP strip, and passes axe', async ({ page, axe }) => {
    await page.goto('/vehicles/denago-ev-city');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Denago EV City');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Denago' })).toHaveAttribute('href', '/denago');
    await expect(page.getByText('NEW', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Price and availability' })).toHaveCount(0);

    await expect(page.locator('[data-spec="certification"]')).toHaveText('CertificationNEV certified for roads up to 35 mph');
    await expect(page.locator('[data-spec="dimensions"] dd')).toHaveText('142x58x74 in');
    await expect(page.locator('[data-spec="wheelbase"] dd')).toHaveText('94 in');

    const hours = page.locator('.card', { has: page.getByRole('heading', { name: 'Business Hours' }) });
    await expect(hours.getByText('Monday - Friday')).toBeVisible();
    await expect(hours.getByText('9AM-5PM')).toHaveCount(2);
    await expect(hours.getByText('Closed')).toBeVisible();
    await expect(hours.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', /^tel:/);
    const area = page.locator('.card', { has: page.getByRole('heading', { name: 'Service Area' }) });
    await expect(area.getByText('Delivery and pickup throughout Burlington County and surrounding areas.')).toBeVisible();

    await expect(page.getByRole('link', { name: /View More Details/ })).toHaveAttribute('href', 'https://denagoev.example.com/ev-city');
    await axe();
  });

  test('a model without a manufacturer page has no View More Details link', async ({ page }) => {
    await page.goto('/vehicles/evolution-turfman-1000');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Evolution Turfman 1000');
    await expect(page.getByRole('link', { name: /View More Details/ })).toHaveCount(0);
  });
});

test.describe('the model index /vehicles', () => {
  test('lists all 23 models by brand and series and passes axe', async ({ page, axe }) => {
    await page.goto('/vehicles');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Golf Cart Models');
    await expect(page.getByRole('heading', { level: 2, name: 'Denago' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Evolution' })).toBeVisible();
    for (const series of ['EV City Series', 'EV Nomad Series', 'EV Rover Series', 'D5 Ranger Series', 'D5 Maverick Series', 'D6 Max Series']) {
      await expect(page.getByRole('heading', { level: 3, name: series })).toBeVisible();
    }
    const details = page.getByRole('link', { name: /^View Details/ });
    await expect(details).toHaveCount(23);
    const maverick = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Evolution D5 Maverick 6 Plus' }) });
    await expect(maverick.getByText('MSRP $14,995')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Compare Models' })).toHaveAttribute('href', /^\/compare\?models=/);
    await axe();
    await maverick.getByRole('link', { name: /View Details/ }).click();
    await expect(page).toHaveURL(/\/vehicles\/evolution-d5-maverick-6-plus$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Evolution D5 Maverick 6 Plus');
  });

  test('is linked from the footer', async ({ page }) => {
    await page.goto('/vehicles/evolution-classic-2-pro');
    await page.getByRole('contentinfo').getByRole('link', { name: 'All Models' }).click();
    await expect(page).toHaveURL(/\/vehicles$/);
  });
});

// On a phone, where the header without JavaScript shows its links without the menu button.
test.describe('model pages with JavaScript off', { tag: '@phone' }, () => {
  test.use({ javaScriptEnabled: false });

  // (axe needs timers, which do not run with JavaScript off; the same markup passes axe above.)
  test('read fully, load no script and keep the call and quote links', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/vehicles/evolution-d6-max-xt6');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Evolution D6 Max XT6');
    await expect(page.getByRole('region', { name: 'Price and availability' }).getByText('$19,995')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Quote Today' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Call/ }).first()).toHaveAttribute('href', /^tel:/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    expect(scripts).toEqual([]);
  });
});
