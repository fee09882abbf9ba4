// The dealer's inbox on a phone and a desktop (docs/operations.md §The dealer's inbox): signed in
// with the local sign-in of `npm start`, the dealer finds a new lead and opens it; on the phone
// they also mark it contacted and add a note with the keyboard, and honour a privacy request
// (the desktop shows the same views wider, so it stops after the lead). axe checks each view.
// The dealer also downloads the archive of everything (docs/operations.md §The dealer's archive).
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { freshRateLimit, leadFor, newVisitor } from './contact-leads.ts';
import { expect, test } from './fixtures.ts';

test(
  'the dealer finds a new lead and opens it; on a phone also marks it contacted, adds a note and deletes the person on request',
  { tag: '@both' },
  async ({ page, request, axe, pageErrors }, testInfo) => {
    test.setTimeout(60_000);
    await freshRateLimit();
    const visitor = newVisitor(`inbox-${testInfo.project.name}`);
    const filed = await request.post('/api/contact', { data: { ...visitor, interest: 'service' } });
    expect(filed.status()).toBe(200);

    // No lead data in the page itself: it is a frame the script fills.
    expect(await (await request.get('/admin/leads')).text()).not.toContain(visitor.email);

    await page.goto('/admin/leads');
    await expect(page.getByRole('heading', { name: 'Sign in to read the leads' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in locally' }).click();
    await expect(page.getByRole('heading', { name: 'Leads', exact: true })).toBeVisible();
    await expect(page.getByText(/^Signed in as local$/)).toBeVisible();

    await page.getByLabel('Name, e-mail, phone or stock number').fill(visitor.email);
    await page.getByLabel('Name, e-mail, phone or stock number').press('Enter');
    await expect(page.getByText('1 lead, newest first.')).toBeVisible();
    const item = page.getByRole('link', { name: new RegExp(`${visitor.firstName} ${visitor.lastName}`) });
    await expect(item).toContainText('Service');
    await axe();
    await page.screenshot({ path: testInfo.outputPath('inbox-list.png'), fullPage: true });

    await item.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: `${visitor.firstName} ${visitor.lastName}` })).toBeFocused();
    // The first answer in one tap (docs/product.md §Inbox): call, text and e-mail, the text and e-mail from the templates.
    const callLink = page.getByRole('link', { name: `Call ${visitor.phone}` });
    const textLink = page.getByRole('link', { name: `Text ${visitor.phone}` });
    const mailLink = page.getByRole('link', { name: `E-mail ${visitor.email}` });
    await expect(callLink).toHaveAttribute('href', 'tel:+16095550123');
    await expect(textLink).toHaveAttribute('href', /^sms:\+16095550123\?&body=Hi%20/);
    await expect(mailLink).toHaveAttribute('href', new RegExp(`^mailto:${visitor.email.replace(/[.+]/g, '\\$&')}\\?subject=.+&body=Hi%20`));
    await expect(page.getByText(visitor.message)).toBeVisible();
    if (testInfo.project.name === 'desktop') {
      // The page lets each link open (its default is not prevented) and then stops it here, where no dialler or messages app is.
      await page.evaluate(() => {
        const taps: boolean[] = ((window as unknown as { taps: boolean[] }).taps = []);
        document.addEventListener('click', (event) => {
          if (!(event.target as Element).closest('a[data-reply]')) return;
          taps.push(event.defaultPrevented);
          event.preventDefault();
        });
      });
      const taps = () => page.evaluate(() => (window as unknown as { taps: boolean[] }).taps);
      // A record that fails leaves the link working and the lead new.
      await page.route('**/api/admin/leads/*', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
      await callLink.click();
      await expect.poll(taps).toEqual([false]);
      await page.unroute('**/api/admin/leads/*');
      // The record this test cut off is the one error the page may log.
      await expect.poll(() => pageErrors.some((error) => /net::ERR_FAILED \(http:\/\/[^)]+\/api\/admin\/leads\/[^/)]+\)$/.test(error))).toBe(true);
      pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !/net::ERR_FAILED \(http:\/\/[^)]+\/api\/admin\/leads\/[^/)]+\)$/.test(error)));
      await expect(page.getByText(/^New → Contacted/)).toHaveCount(0);
      // A record that goes through: the lead is contacted, the reply listed.
      // Each record is a round trip through the inbox function: on a busy machine, seconds.
      const recorded = { timeout: 20_000 };
      await textLink.click();
      await expect(page.getByText(/^Texted by local,/)).toBeVisible(recorded);
      await expect(page.getByText(/^New → Contacted, by local,/)).toBeVisible(recorded);
      await mailLink.click();
      await expect(page.getByText(/^E-mailed by local,/)).toBeVisible(recorded);
      expect(await taps()).toEqual([false, false, false]);
      await axe();
      await page.screenshot({ path: testInfo.outputPath('inbox-lead.png'), fullPage: true });
      return;
    }

    await page.getByLabel('Status of this lead').selectOption('contacted');
    await page.getByRole('button', { name: 'Save status' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText('Status saved: Contacted.');
    await expect(page.getByText(/^New → Contacted, by local,/)).toBeVisible();

    await page.getByLabel('New note').fill('Called back, coming in Saturday.');
    await page.getByRole('button', { name: 'Add note' }).press('Enter');
    await expect(page.getByRole('status')).toHaveText('Note added.');
    await expect(page.getByText('Called back, coming in Saturday.')).toBeVisible();
    await axe();
    await page.screenshot({ path: testInfo.outputPath('inbox-lead.png'), fullPage: true });

    await page.getByRole('link', { name: 'Privacy requests' }).click();
    await page.getByLabel('E-mail address or phone number').fill(visitor.email);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByText(/^1 lead\(s\): Contact of/)).toBeVisible();
    await page.getByRole('button', { name: 'Delete all of this' }).click();
    await expect(page.getByText(`Delete everything above about ${visitor.email}? This cannot be undone.`)).toBeFocused();
    await page.getByRole('button', { name: 'Yes, delete it for good' }).click();
    await expect(page.getByRole('status')).toContainText('Deleted: 1 lead(s)');
    await axe();
    await page.screenshot({ path: testInfo.outputPath('inbox-privacy.png'), fullPage: true });

    await page.getByRole('link', { name: 'Leads', exact: true }).click();
    await page.getByLabel('Name, e-mail, phone or stock number').fill(visitor.email);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByText('No leads match.')).toBeVisible();
  },
);

test('the dealer downloads the archive: one file, made of the inbox’s chunks, that holds every lead', async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  await freshRateLimit();
  const visitor = newVisitor(`archive-${testInfo.project.name}`);
  expect((await request.post('/api/contact', { data: { ...visitor, interest: 'parts' } })).status()).toBe(200);

  await page.goto('/admin/leads#/export');
  await page.getByRole('button', { name: 'Sign in locally' }).click();
  await expect(page.getByRole('heading', { name: 'Export leads' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the archive' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^leads-archive-\d{4}-\d{2}-\d{2}\.jsonl\.gz$/);
  await expect(page.getByRole('status')).toHaveText('The archive is downloaded. Keep it somewhere safe: it holds personal data.');
  const lines = gunzipSync(await readFile((await download.path())!))
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; format?: string; lead?: { inquiry: { email: string } }; counts?: { leads: number } });
  expect(lines[0]).toMatchObject({ type: 'archive', format: 'dealer-leads-archive', version: 1 });
  expect(lines.some((line) => line.type === 'lead' && line.lead?.inquiry.email === visitor.email)).toBe(true);
  expect(lines.at(-1)?.type).toBe('end');
  expect(lines.at(-1)?.counts?.leads).toBe(lines.filter((line) => line.type === 'lead').length);
});

test('a lead opens from its address, as a notification opens it: after the sign-in, and at once when signed in; the heading of each view takes the focus', async ({
  page,
  request,
  axe,
}, testInfo) => {
  test.setTimeout(60_000);
  await freshRateLimit();
  const visitor = newVisitor(`inbox-link-${testInfo.project.name}`);
  expect((await request.post('/api/contact', { data: { ...visitor, interest: 'sales' } })).status()).toBe(200);
  const lead = await leadFor(visitor.email);
  expect(lead).toBeDefined();
  const name = `${visitor.firstName} ${visitor.lastName}`;

  await page.goto(`/admin/leads#/lead/${lead?.id}`);
  await expect(page.getByRole('heading', { name: 'Sign in to read the leads' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Inbox' })).toHaveCount(0);
  await axe();
  await page.getByRole('button', { name: 'Sign in locally' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
  await expect(page.getByRole('link', { name: `E-mail ${visitor.email}` })).toBeVisible();
  // The status line is there, empty, before it has anything to say (a live region must be, to be heard).
  await expect(page.getByRole('status')).toHaveText('');

  // Back to the list by its link: the address changes, the list's heading takes the focus.
  await page.getByRole('link', { name: 'All leads' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leads', exact: true })).toBeFocused();

  // The other views by their links: each heading takes the focus too.
  await page.getByRole('link', { name: 'Export', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Export leads' })).toBeFocused();
  await axe();

  // Signed in already (the tab keeps its sign-in): the address alone opens the lead, with or without the slash.
  for (const address of [`/admin/leads#/lead/${lead?.id}`, `/admin/leads#lead/${lead?.id}`]) {
    await page.goto('about:blank');
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
  }

  // The skip link moves the focus to the content and leaves the view (and its address) as it was.
  await page.getByRole('link', { name: 'Skip to content' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  expect(new URL(page.url()).hash).toBe(`#lead/${lead?.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('the dealer downloads the leads of this month as CSV, named by its dates', async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  await freshRateLimit();
  const visitor = newVisitor(`csv-${testInfo.project.name}`);
  expect((await request.post('/api/contact', { data: { ...visitor, interest: 'sales' } })).status()).toBe(200);

  await page.goto('/admin/leads#/export');
  await page.getByRole('button', { name: 'Sign in locally' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Export leads' })).toBeFocused();
  // Opened at the export, the inbox's links and the sign-out are there as on the list.
  await expect(page.getByRole('navigation', { name: 'Inbox' }).getByRole('link', { name: 'Leads', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const from = await page.getByLabel('From', { exact: true }).inputValue();
  const to = await page.getByLabel('To', { exact: true }).inputValue();
  expect(from).toMatch(/^\d{4}-\d{2}-01$/);
  expect(to.slice(0, 8)).toBe(from.slice(0, 8));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`leads-${from}-to-${to}.csv`);
  await expect(page.getByRole('status')).toHaveText('The CSV file is downloaded.');
  expect(await readFile((await download.path())!, 'utf8')).toContain(visitor.email);
});
