// Lets the scripts run (with plain `node`) the modules the site and the functions share: those
// import data/*.json without an import attribute, as Vite and esbuild allow; Node asks for one.
import { registerHooks } from 'node:module';

registerHooks({
  load(url, context, nextLoad) {
    if (url.endsWith('.json') && !context.importAttributes.type)
      return nextLoad(url, { ...context, importAttributes: { ...context.importAttributes, type: 'json' } });
    return nextLoad(url, context);
  },
});
