import { expect, test } from './fixtures.ts';

/** The content pages (rentals, services, showroom, about, financing, legal) and one thing each must show, with JavaScript on and off. */
const PAGES = [
  { path: '/rentals', title: /Golf Cart Rentals/, shows: '$116.67 per day' },
  { path: '/services', title: /Service, Repair/, shows: 'From $85/hour' },
  { path: '/showroom', title: /Showroom/, shows: 'Expert Consultation' },
  { path: '/about', title: /About Us/, shows: 'Wrightstown Borough' },
  { path: '/financing', title: /Financing/, shows: '$237.46' },
  { path: '/privacy', title: /Privacy Policy/, shows: 'Where it is stored and for how long' },
  { path: '/terms', title: /Terms of Use/, shows: 'No refunds for early returns.' },
] as const;

test.describe('content pages', () => {
  for (const { path, title, shows } of PAGES) {
    test(`${path} reads, has its own title and canonical URL, and passes axe`, async ({ page, axe }) => {
      test.slow(); // axe over a long page on a busy machine
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(shows, { exact: true }).first()).toBeVisible();
      await axe();
    });
  }

  test('every page title is different', async ({ page }) => {
    const titles = new Set<string>();
    for (const { path } of PAGES) {
      await page.goto(path);
      titles.add(await page.title());
    }
    expect(titles.size).toBe(PAGES.length);
  });
});

// On a phone: the content pages with JavaScript on are checked at 1280 px above, and each
// template at both widths in a11y-templates.spec.ts.
test.describe('content pages with JavaScript off', { tag: '@phone' }, () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, shows } of PAGES) {
    test(`${path} reads fully and passes axe`, async ({ page, axe }) => {
      test.slow();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(shows, { exact: true }).first()).toBeVisible();
      await expect(page.locator('a[href^="tel:+1"]').first()).toBeAttached();
      await axe();
    });
  }

  test('the estimator shows its worked example, read-only, and says why', async ({ page }) => {
    await page.goto('/financing');
    const estimator = page.getByRole('group', { name: 'Payment Estimator' });
    await expect(estimator.getByLabel('Vehicle price')).toHaveValue('12995');
    await expect(estimator.getByLabel('Down payment')).toHaveValue('1000');
    await expect(estimator.getByLabel('Interest rate (APR)')).toHaveValue('6.99');
    await expect(estimator.getByLabel('Term')).toHaveValue('60');
    await expect(estimator.getByLabel('Vehicle price')).not.toBeEditable();
    await expect(estimator.getByText('turn on JavaScript to try your own figures')).toBeVisible();
    await expect(estimator.locator('output')).toContainText('$237.46');
    await expect(estimator.locator('output')).toContainText('for 60 months');
  });
});

test.describe('/rentals', () => {
  test('shows every plan of each group and RESERVE TODAY opens the reservation form with the plan', async ({ page }) => {
    await page.goto('/rentals');
    const six = page.getByRole('region', { name: '6 Seater Rentals' });
    const cards = six.getByRole('article');
    await expect(cards).toHaveCount(4);
    await expect(cards.nth(0)).toContainText('$295');
    await expect(cards.nth(1)).toContainText('$735');
    await expect(cards.nth(1)).toContainText('Save 16.9%');
    await expect(cards.nth(1)).toContainText('$245 per day');
    await expect(cards.nth(2)).toContainText('$1,400');
    await expect(cards.nth(2)).toContainText('Save 32.2%');
    await expect(cards.nth(2)).toContainText('$200 per day');
    await expect(cards.nth(3)).toContainText('$3,500');
    await expect(cards.nth(3)).toContainText('Save 60.4%');
    await expect(cards.nth(3)).toContainText('$116.67 per day');

    const four = page.getByRole('region', { name: '4 Seater Rentals' });
    await expect(four.getByRole('article').nth(1)).toContainText('$228.34 per day');

    const reserve = six.getByRole('link', { name: 'RESERVE TODAY (6 Seater Weekly plan)' });
    const href = await reserve.getAttribute('href');
    const url = new URL(href ?? '', 'http://x.test');
    expect(url.pathname).toBe('/rentals');
    expect(url.hash).toBe('#reserve');
    expect(Object.fromEntries(url.searchParams)).toEqual({ group: '6-seater', plan: 'weekly' });
    await expect(page.getByRole('link', { name: /^RESERVE TODAY/ })).toHaveCount(12);
  });

  test('has the rental terms footnote', async ({ page }) => {
    await page.goto('/rentals');
    const terms = page.getByRole('region', { name: 'Rental terms' });
    await expect(terms).toContainText('Delivery fee: $6 per mile beyond 10 miles.');
    await expect(terms).toContainText('Rental periods are in 24-hour increments.');
    await expect(terms).toContainText('No refunds for early returns.');
    await expect(terms).toContainText('subject to availability');
  });
});

test.describe('/financing estimator', () => {
  test('recomputes as the visitor types, including 0% APR', async ({ page }) => {
    await page.goto('/financing');
    const estimator = page.getByRole('group', { name: 'Payment Estimator' });
    const output = estimator.locator('output');
    await expect(output).toContainText('$237.46');
    // The island hydrates when it comes into view after load (client:interaction="visible"); until then the fields are read-only.
    await estimator.scrollIntoViewIfNeeded();
    await expect(estimator.getByLabel('Vehicle price')).toBeEditable();

    await estimator.getByLabel('Vehicle price').fill('12000');
    await estimator.getByLabel('Down payment').fill('');
    await estimator.getByLabel('Interest rate (APR)').fill('0');
    await estimator.getByLabel('Term').fill('60');
    await expect(output).toContainText('$200');
    await expect(output).toContainText('for 60 months');
    await expect(estimator).toContainText('Total interest$0');

    await estimator.getByLabel('Vehicle price').fill('$10,000');
    await estimator.getByLabel('Interest rate (APR)').fill('6');
    await expect(output).toContainText('$193.33');
  });

  test('explains bad figures next to the field and withholds the estimate', async ({ page }) => {
    await page.goto('/financing');
    const estimator = page.getByRole('group', { name: 'Payment Estimator' });
    const price = estimator.getByLabel('Vehicle price');
    const output = estimator.locator('output');
    await estimator.scrollIntoViewIfNeeded();
    await expect(price).toBeEditable();

    await price.fill('0');
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(price).toHaveAccessibleDescription(/The price must be more than \$0\./);
    await expect(output).toHaveText('Correct the highlighted figures to see your estimate.');

    await price.fill('999999');
    await expect(price).toHaveAccessibleDescription(/The price must be \$250,000 or less\./);

    await price.fill('12995');
    await estimator.getByLabel('Down payment').fill('-5');
    await expect(estimator.getByLabel('Down payment')).toHaveAccessibleDescription(/The down payment cannot be negative\./);
    await estimator.getByLabel('Down payment').fill('20000');
    await expect(estimator.getByLabel('Down payment')).toHaveAccessibleDescription(/The down payment must be less than the price\./);
    await estimator.getByLabel('Down payment').fill('1000');

    await estimator.getByLabel('Interest rate (APR)').fill('99');
    await expect(estimator.getByLabel('Interest rate (APR)')).toHaveAccessibleDescription(/The APR must be 36% or less\./);
    await estimator.getByLabel('Interest rate (APR)').fill('6.99');

    await estimator.getByLabel('Term').fill('500');
    await expect(estimator.getByLabel('Term')).toHaveAccessibleDescription(/The term must be between 1 and 120 months\./);
    await estimator.getByLabel('Term').fill('60');

    await expect(price).not.toHaveAttribute('aria-invalid');
    await expect(output).toContainText('$237.46');
  });

  test('shows the 0% offer and opens the application in a new tab', async ({ page }) => {
    await page.goto('/financing');
    await expect(page.getByText('0% financing on select models', { exact: false }).first()).toBeVisible();
    const apply = page.getByRole('link', { name: 'Apply for Financing (opens in a new tab)' }).first();
    await expect(apply).toHaveAttribute('target', '_blank');
    await expect(apply).toHaveAttribute('rel', 'noopener');
    await expect(apply).toHaveAttribute('href', /^https:\/\//);
  });
});

test.describe('/services, /showroom and /about links', () => {
  test('service cards go to the service appointment form, Schedule Visit to the contact form', async ({ page }) => {
    await page.goto('/services');
    for (const [name, card] of [
      ['Schedule Service (Maintenance & Repair)', 'maintenance-repair'],
      ['Book Battery Service (Battery Services)', 'battery-services'],
      ['Request a Quote (Custom Modifications)', 'custom-modifications'],
      ['Start a Claim (Warranty Service)', 'warranty-service'],
    ]) {
      await expect(page.getByRole('link', { name })).toHaveAttribute('href', `/schedule-service?service=${card}`);
    }
    await page.goto('/showroom');
    await expect(page.getByRole('link', { name: 'Schedule Visit' }).first()).toHaveAttribute('href', /^\/contact\?/);
    await expect(page.getByRole('link', { name: 'Directions (opens in a new tab)' })).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: 'Call Now' }).last()).toHaveAttribute('href', /^tel:\+1\d{10}$/);
  });

  test('the about page links every municipality to its town page', async ({ page }) => {
    await page.goto('/about');
    const area = page.getByRole('region', { name: 'Our Service Area' });
    await expect(area.getByRole('listitem')).toHaveCount(40);
    await expect(area.getByRole('link', { name: 'Medford Lakes Borough' })).toHaveAttribute('href', '/medford-lakes-borough-golf-carts');
    await expect(page.getByRole('main').getByRole('link', { name: 'Browse Inventory' })).toHaveAttribute('href', '/new-inventory');
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact Us' }).last()).toHaveAttribute('href', '/contact');
  });

  test('the footer links to /financing', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Financing' })).toHaveAttribute('href', '/financing');
  });
});

test.describe('not found', () => {
  test('an unknown path answers 404 with the visitor-worded card and links home and to inventory', async ({ page, axe, allowNotFound }) => {
    allowNotFound('/no-such-page-here');
    const response = await page.goto('/no-such-page-here');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(/^404 Page Not Found/);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('main')).not.toContainText(/router/i);
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('main').getByRole('link', { name: 'Browse Inventory' })).toHaveAttribute('href', '/new-inventory');
    await axe();
  });
});
