import { expect, test } from './fixtures.ts';
import { freshRateLimit, leadFor, newVisitor } from './contact-leads.ts';

test.describe('contact form with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('posts to the real function: errors come back on the form with the input kept, then it lands on /thank-you', async ({ page, pageErrors }) => {
    await freshRateLimit();
    const visitor = newVisitor('nojs');
    await page.goto('/contact?interest=sales&vehicle=denago-ev-city');
    const form = page.locator('form[action="/api/contact"]');
    await expect(form).toHaveAttribute('method', 'post');
    await page.getByLabel('First Name').fill(visitor.firstName);
    await page.getByLabel('Email').fill('jordan@example');
    await page.getByLabel('Phone').fill(visitor.phone);
    await page.getByLabel('Message').fill('Too short');
    await page.getByLabel('Interest').selectOption('parts');
    await page.getByRole('button', { name: 'Send Message' }).click();

    // The function answers 400 with the form again (its own small page).
    await expect(page).toHaveURL(/\/api\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Send Us a Message' })).toBeVisible();
    for (const message of ['Last name is required', 'Invalid email address', 'Message must be at least 10 characters']) {
      await expect(page.getByRole('link', { name: message })).toBeVisible();
    }
    await expect(page.getByText('First name is required')).toHaveCount(0);
    await expect(page.getByLabel('First Name')).toHaveValue(visitor.firstName);
    await expect(page.getByLabel('Email')).toHaveValue('jordan@example');
    await expect(page.getByLabel('Interest')).toHaveValue('parts');
    await expect(page.getByLabel('Message')).toHaveValue('Too short');
    const lastName = page.getByLabel('Last Name');
    await expect(lastName).toBeFocused();
    await expect(lastName).toHaveAttribute('aria-invalid', 'true');
    await expect(lastName).toHaveAccessibleDescription('Last name is required');
    // The browser logs the 400 answer itself; that line is expected here and nothing else is.
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !/status of 400 \(Bad Request\) \(http:\/\/[^)]+\/api\/contact\)$/.test(e)));

    await lastName.fill(visitor.lastName);
    await page.getByLabel('Email').fill(visitor.email);
    await page.getByLabel('Message').fill(visitor.message);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();

    const lead = await leadFor(visitor.email);
    expect(lead).toMatchObject({
      status: 'pending',
      inquiry: { ...visitor, interest: 'parts' },
      source: { channel: 'form', vehicle: 'denago-ev-city', page: '/contact?interest=sales&vehicle=denago-ev-city' },
    });
  });

  test('a correct first post goes straight to /thank-you', async ({ page }) => {
    await freshRateLimit();
    const visitor = newVisitor('nojs-direct');
    await page.goto('/contact');
    await page.getByLabel('First Name').fill(visitor.firstName);
    await page.getByLabel('Last Name').fill(visitor.lastName);
    await page.getByLabel('Email').fill(visitor.email);
    await page.getByLabel('Phone').fill(visitor.phone);
    await page.getByLabel('Message').fill(visitor.message);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    expect(await leadFor(visitor.email)).toMatchObject({ inquiry: { ...visitor, interest: 'sales' }, source: { channel: 'form', page: '/contact' } });
  });

  test('the contact page reads fully: the form, the call links and the map link work without scripts', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expect(page.getByLabel('Interest')).toHaveValue('sales');
    await expect(page.getByRole('link', { name: /^Call \(\d{3}\) \d{3}-\d{4}$/ })).toHaveAttribute('href', /^tel:/);
    await expect(page.getByRole('link', { name: /Open in Google Maps/ })).toBeVisible();
    // axe needs a script engine: the page is checked with JavaScript on in contact.spec.ts.
  });
});

test.describe('the form page the function answers without JavaScript', () => {
  test('passes axe', async ({ page, axe }) => {
    await freshRateLimit();
    const response = await page.request.post('/api/contact', {
      form: { firstName: '', lastName: 'Rivera', email: 'x', phone: '1', interest: 'general', message: 'Hello there, friends' },
    });
    expect(response.status()).toBe(400);
    expect(response.headers()['content-type']).toBe('text/html; charset=utf-8');
    await page.setContent(await response.text());
    await expect(page.getByRole('heading', { level: 2, name: 'Please correct these 3 fields' })).toBeVisible();
    await expect(page.getByLabel('First Name')).toBeFocused();
    await axe();
  });
});
