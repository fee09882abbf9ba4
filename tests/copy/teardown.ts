// After the copy's tests (playwright.copy.config.ts): its servers have stopped with their workers,
// so the copy itself goes.
import { existsSync, rmSync } from 'node:fs';
import { readCopySiteInfo } from '../../scripts/copy-site.ts';

export default function removeCopySite(): void {
  const file = process.env.COPY_SITE_INFO;
  if (!file || !existsSync(file)) return;
  rmSync(readCopySiteInfo().dir, { recursive: true, force: true });
  rmSync(file, { force: true });
}
