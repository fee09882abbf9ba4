import { beyondIslandRuntime, expect, idleWorkDone, PAGE_EVENTS, test } from './fixtures.ts';

test.describe('home page', () => {
  test('shows every section of the home page and passes axe', async ({ page, axe }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Golf Carts/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    await expect(hero.getByRole('link', { name: /View Inventory/ })).toHaveAttribute('href', '/new-inventory');
    await expect(hero.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', /^tel:\+1\d{10}$/);

    const why = page.locator('section', { has: page.getByRole('heading', { name: /^Why Choose/ }) });
    for (const title of ['Premium Quality', 'Expert Service', '0% Financing', 'Eco-Friendly']) {
      await expect(why.getByRole('heading', { name: title })).toBeVisible();
    }

    const brands = page.locator('section', { has: page.getByRole('heading', { name: /Brands/ }) });
    await expect(brands.getByRole('link', { name: /Denago/ })).toHaveAttribute('href', '/denago');
    await expect(brands.getByRole('link', { name: /Evolution/ })).toHaveAttribute('href', '/evolution');

    const featured = page.locator('section', { has: page.getByRole('heading', { name: 'Featured Golf Carts' }) }).getByRole('listitem');
    await expect(featured).toHaveCount(3);
    const expected = [
      ['Evolution D5 Maverick 4 Plus', '$12,995', '/vehicles/evolution-d5-maverick-4-plus'],
      ['Evolution D6 Max GT4', '$16,995', '/vehicles/evolution-d6-max-gt4'],
      ['Denago EV City', '$11,995', '/vehicles/denago-ev-city'],
    ] as const;
    for (const [index, [name, price, href]] of expected.entries()) {
      const card = featured.nth(index);
      await expect(card.getByRole('heading', { name })).toBeVisible();
      await expect(card.getByText('NEW', { exact: true })).toBeVisible();
      await expect(card.getByText(price, { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: /View Details/ })).toHaveAttribute('href', href);
    }

    const about = page.locator('section', { has: page.getByRole('heading', { name: 'Your Local Golf Cart Dealer' }) });
    await expect(about.getByText('500+', { exact: true })).toBeVisible();
    await expect(about.getByText('15+', { exact: true })).toBeVisible();
    await expect(about.getByRole('button', { name: 'Show map' })).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);

    const towns = page.locator('section', { has: page.getByRole('heading', { name: /Serving All of Burlington County/ }) });
    await expect(towns.getByText(/all 40 municipalities/)).toBeVisible();
    await expect(towns.getByRole('link')).toHaveCount(40);
    await expect(towns.getByRole('link', { name: 'Bass River Township' })).toHaveAttribute('href', '/bass-river-township-golf-carts');
    await expect(towns.getByRole('link', { name: 'Beverly City' })).toHaveAttribute('href', '/beverly-city-golf-carts');
    await expect(towns.getByRole('link', { name: 'Wrightstown Borough' })).toHaveAttribute('href', '/wrightstown-borough-golf-carts');

    await expect(page.getByRole('heading', { name: 'Talk to a Golf Cart Specialist' })).toBeVisible();
    await axe();
  });

  test('loads the map only when asked', async ({ page }) => {
    await page.route(/google\.com/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>map</title>' }));
    await page.goto('/');
    await page.getByRole('button', { name: 'Show map' }).click();
    await expect(page.locator('iframe[title^="Map of"]')).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps\?q=.+&output=embed$/);
  });

  test('ships no React until the menu is touched', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await idleWorkDone(page);
    // Only the island runtime and the analytics events, when the page is idle: React and the menu wait for a touch.
    expect(beyondIslandRuntime(scripts)).toEqual([]);
    expect(scripts.filter((path) => !PAGE_EVENTS.test(path)).length).toBeLessThanOrEqual(1);
  });
});

test.describe('header and footer', () => {
  test('marks Home as current only on /', async ({ page, allowNotFound }) => {
    allowNotFound('/a-page-that-does-not-exist');
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await page.goto('/a-page-that-does-not-exist');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.locator('header [aria-current="page"]')).toHaveCount(0);
  });

  test('the footer has every footer link, the hours and both phone numbers', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const links = await footer
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link')
      .evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    for (const href of ['/', '/new-inventory', '/rentals', '/services', '/showroom', '/about', '/contact', '/privacy', '/terms', '/denago', '/evolution']) {
      expect(links).toContain(href);
    }
    await expect(footer.getByText('9AM-5PM').first()).toBeVisible();
    await expect(footer.getByText('Closed')).toBeVisible();
    await expect(footer.getByRole('link', { name: /^Local:/ })).toHaveAttribute('href', /^tel:/);
    await expect(footer.getByRole('link', { name: /^Toll-free:/ })).toHaveAttribute('href', /^tel:/);
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator('#main')).toBeFocused();
  });
});

test.describe('mobile menu', { tag: '@phone' }, () => {
  test('opens, traps the page behind, closes on Escape and returns focus', async ({ page, axe }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Open menu' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(await button.getAttribute('aria-controls')).toBe(await dialog.getAttribute('id'));
    await expect(page.locator('body > header')).toHaveAttribute('inert', '');
    await expect(page.locator('body > main')).toHaveAttribute('inert', '');
    await expect(dialog.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(dialog.getByRole('link')).toHaveCount(8);
    await axe();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    await expect(page.locator('body > main')).not.toHaveAttribute('inert', '');
  });

  test('closes when a link is tapped', async ({ page, allowNotFound }) => {
    allowNotFound('/no-such-page');
    await page.goto('/no-such-page');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog.locator('[aria-current="page"]')).toHaveCount(0);
    await dialog.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

// At both widths: without JavaScript the phone's header shows its links without the menu button.
test.describe('with JavaScript off', { tag: '@both' }, () => {
  test.use({ javaScriptEnabled: false });

  test('the home page reads fully and every navigation link is reachable', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Featured Golf Carts' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bass River Township' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Inventory', 'Rentals', 'Services', 'Showroom', 'About', 'Contact']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(page.getByRole('link', { name: /Open in Google Maps/ })).toBeVisible();
    // axe runs on the same page with JavaScript on (it needs a script engine to run at all).
  });
});
