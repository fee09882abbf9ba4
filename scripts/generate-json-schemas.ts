// Writes data/schemas/<name>.schema.json from each zod schema, for editor autocomplete.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonSchemaFor, schemaModules, schemasDir } from './json-schemas.ts';

for (const name of schemaModules()) {
  writeFileSync(join(schemasDir, `${name}.schema.json`), await jsonSchemaFor(name));
  console.log(`data/schemas/${name}.schema.json`);
}
