// Builds the copy of the site (scripts/copy-site.ts) once the admin test of this run has saved its
// edits (the `admin` project before this one, playwright.copy.config.ts), so the copy has them.
import { writeFileSync } from 'node:fs';
import { test as setup } from '@playwright/test';
import { readAdminEdits } from '../../scripts/admin-edits.ts';
import { buildCopySite, COPY_UNITS, copySiteInfoFile } from '../../scripts/copy-site.ts';

setup('the copy of the site is built with the photos, the lot at 100 units, the second store and what the admin saved', async () => {
  // The build of a 100-unit lot on a busy 2-core machine; tests/lot/lot.spec.ts holds it to its budget.
  setup.setTimeout(300_000);
  const info = await buildCopySite({ units: Number(process.env.LOT_UNITS ?? COPY_UNITS), adminEdits: readAdminEdits() });
  writeFileSync(copySiteInfoFile(), JSON.stringify(info));
});
