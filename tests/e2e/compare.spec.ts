import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const columns = (page: Page) => page.getByRole('table').getByRole('columnheader');
const row = (page: Page, label: string) => page.getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell');

test.describe('the comparison', () => {
  test('shows the models named in the address and passes axe', async ({ page, axe }) => {
    await page.goto('/compare?models=evolution-d6-max-xt4,denago-ev-rover-xl6');
    await expect(page).toHaveTitle(/Compare/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/compare$/);
    await expect(columns(page)).toHaveText([/Evolution D6 Max XT4/, /Denago EV Rover XL6/]);
    await expect(row(page, 'Seats')).toHaveText(['4', '6']);
    await expect(row(page, 'Top Speed')).toHaveText(['25+ mph', '25 mph']);
    await expect(row(page, 'Range')).toHaveText(['40-55 mi', '50-65 mi']);
    await expect(row(page, 'Payload')).toHaveText(['1,000 lbs', '1,200 lbs']);
    await expect(row(page, 'Charging Time')).toHaveText(['6-8 h', '8-10 h']);
    await expect(row(page, 'Towing Capacity')).toHaveText(['—Not listed', '—Not listed']);
    await expect(row(page, 'Battery Type')).toHaveText(['High performance lithium', '—Not listed']);
    await expect(row(page, 'MSRP')).toHaveText(['$17,995', '$18,995']);
    await axe();
  });

  test('lets the visitor change, add and remove models, 2 to 4, and keeps the address in step', async ({ page, axe }) => {
    await page.goto('/compare?models=evolution-d6-max-xt4,denago-ev-rover-xl6');
    await expect(columns(page)).toHaveCount(2);
    await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0);

    await page.getByLabel('Model 2').selectOption({ label: 'Evolution Turfman 1000' });
    await expect(page).toHaveURL(/\/compare\?models=evolution-d6-max-xt4,evolution-turfman-1000$/);
    await expect(row(page, 'Towing Capacity')).toHaveText(['—Not listed', '1,800 lbs']);

    await page.getByRole('button', { name: 'Add a model' }).click();
    await page.getByLabel('Model 3').selectOption({ label: 'Denago EV Nomad' });
    await page.getByRole('button', { name: 'Add a model' }).click();
    await page.getByLabel('Model 4').selectOption({ label: 'Evolution Classic 2 Plus' });
    await expect(page).toHaveURL(/models=evolution-d6-max-xt4,evolution-turfman-1000,denago-ev-nomad,evolution-classic-2-plus$/);
    await expect(columns(page)).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Add a model' })).toHaveCount(0);
    await expect(row(page, 'MSRP')).toHaveText(['$17,995', '—Not listed', '—Not listed', '$9,995']);
    await axe();

    await page.getByRole('button', { name: 'Remove Evolution Turfman 1000' }).click();
    await expect(page).toHaveURL(/models=evolution-d6-max-xt4,denago-ev-nomad,evolution-classic-2-plus$/);
    await expect(columns(page)).toHaveCount(3);

    await page.reload();
    await expect(columns(page)).toHaveText([/Evolution D6 Max XT4/, /Denago EV Nomad/, /Evolution Classic 2 Plus/]);
  });

  test('does not offer a model twice', async ({ page }) => {
    await page.goto('/compare?models=evolution-d6-max-xt4,denago-ev-rover-xl6');
    await expect(columns(page)).toHaveCount(2);
    await expect(page.getByLabel('Model 1').locator('option', { hasText: 'Denago EV Rover XL6' })).toBeDisabled();
    await expect(page.getByLabel('Model 1').locator('option', { hasText: 'Evolution D6 Max XT4' })).toBeEnabled();
  });

  test('says which names in the address it could not compare and shows the default', async ({ page }) => {
    await page.goto('/compare?models=no-such-cart');
    await expect(page.getByRole('status')).toHaveText('Could not compare: no-such-cart.');
    await expect(columns(page)).toHaveText([/Denago EV City/, /Evolution D5 Maverick 4 Plus/, /Evolution D6 Max GT4/]);
  });
});

test.describe('the comparison with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  // (axe needs timers, which do not run with JavaScript off; the same table passes axe above.)
  test('shows the default selection as a readable table', async ({ page }) => {
    await page.goto('/compare?models=evolution-d6-max-xt4,denago-ev-rover-xl6');
    await expect(columns(page)).toHaveText([/Denago EV City/, /Evolution D5 Maverick 4 Plus/, /Evolution D6 Max GT4/]);
    await expect(row(page, 'MSRP')).toHaveText(['—Not listed', '$12,995', '—Not listed']);
    await expect(page.getByLabel('Model 1')).toBeHidden();
    await expect(page.getByText(/turn on JavaScript or open each model/)).toBeVisible();
    await expect(columns(page).getByRole('link', { name: 'Denago EV City' })).toHaveAttribute('href', '/vehicles/denago-ev-city');
  });
});
