import { registerHooks } from 'node:module';

/**
 * The functions' modules import data/*.json without an import attribute (Vite and Netlify's
 * bundler accept that; Node does not). Loading them in a Playwright worker needs this hook.
 */
registerHooks({
  load: (url, context, nextLoad) => nextLoad(url, url.endsWith('.json') ? { ...context, importAttributes: { type: 'json' } } : context),
});
