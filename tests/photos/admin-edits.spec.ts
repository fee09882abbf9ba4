// What the admin saved on a phone (tests/e2e/admin-phone.spec.ts, the `admin` project of
// playwright.copy.config.ts, which runs before the copy is built), built into a site: the copy has
// those files as the admin wrote them (scripts/copy-site.ts), so the new unit, the sold unit, the
// unit on hold and the new phone number are checked in pages a visitor gets.
import sharp from 'sharp';
import { readAdminEdits } from '../../scripts/admin-edits.ts';
import { expect, test } from '../copy/fixtures.ts';

test('the unit added in the admin has its page and its photo from the image CDN; the unit sold there shows Sold; /contact has the new number', async ({
  page,
}) => {
  const edits = readAdminEdits();
  const photo = edits.photo.path.replace(/^public/, '');

  const response = await page.goto(`/vehicles/${edits.newUnit}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Evolution D5 Maverick 4 Plus');
  const main = page.locator('img[fetchpriority="high"]');
  await expect(main).toHaveAttribute('alt', 'Side view on the lot');
  const source = await main.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(source).toContain(`/.netlify/images?url=${encodeURIComponent(photo)}`);
  const served = await page.request.get(source);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^image\/(avif|webp)$/);
  expect((await sharp(await served.body()).metadata()).width).toBeLessThanOrEqual(edits.photo.width);

  const sold = await page.goto(`/vehicles/${edits.soldUnit}`);
  expect(sold?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Sold', exact: true })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  await page.goto(`/vehicles/${edits.heldUnit}`);
  await expect(page.getByText('On Hold', { exact: true }).first()).toBeVisible();

  await page.goto('/contact');
  const local = page.locator(`a[href="tel:${edits.localPhone.e164}"]`);
  await expect(local.first()).toBeVisible();
  await expect(page.getByText(edits.localPhone.display).first()).toBeVisible();
});
