// Lets the scripts run (with plain `node`) the modules the site and the functions share: those
// import data/*.json without an import attribute, as Vite and esbuild allow; Node asks for one.
// They also read the lot, gathered from data/units/ into one module first (src/integrations/unit-files.ts).
import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { writeUnitFiles } from '../src/integrations/unit-files.ts';

writeUnitFiles(join(import.meta.dirname, '..'));

registerHooks({
  load(url, context, nextLoad) {
    if (url.endsWith('.json') && context.importAttributes && !context.importAttributes.type)
      return nextLoad(url, { ...context, importAttributes: { ...context.importAttributes, type: 'json' } });
    return nextLoad(url, context);
  },
});
