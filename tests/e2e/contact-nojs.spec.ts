import { expect, test } from './fixtures.ts';
import { freshRateLimit, leadFor, newVisitor } from './contact-leads.ts';

test.describe('contact form with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('posts to the real function: errors come back on the form with the input kept, then it lands on /thank-you', async ({ page, axe }) => {
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
    await axe();

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

  test('the contact page reads fully and passes axe', async ({ page, axe }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await axe();
  });
});
