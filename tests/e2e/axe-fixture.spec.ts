import { expect, test } from './fixtures.ts';

// The axe fixture itself: it must find a violation, not only pass clean pages.
test('the axe check fails on an image without a text alternative and a button without a name', async ({ page, axe }) => {
  await page.goto('/');
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = document.querySelector('img')?.src ?? '';
    document.querySelector('main')?.append(image, document.createElement('button'));
  });
  await expect(axe()).rejects.toThrow(/image-alt[\s\S]*button-name|button-name[\s\S]*image-alt/);
});
