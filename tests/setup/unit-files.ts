// Vitest global setup: the tests read the lot as the site does, from data/units/ gathered into
// one module (src/integrations/unit-files.ts), so gather it first.
import { join } from 'node:path';
import { writeUnitFiles } from '../../src/integrations/unit-files.ts';

export default function setup(): void {
  writeUnitFiles(join(import.meta.dirname, '..', '..'));
}
