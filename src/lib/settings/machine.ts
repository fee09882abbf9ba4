import { processEnv, setting, type Env } from './read.ts';
import { VARIABLE_NAMES, VARIABLES, type Variable } from './variables.ts';

/**
 * The settings of the commands run on your machine against the live site: `npm run leads` and
 * `npm run alerts` read production when NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN are both set,
 * the local sandbox of npm start when neither is (docs/operations.md §Where leads are stored).
 */

export type ProductionAccess = { ok: true; access: { siteID: string; token: string } | null } | { ok: false; error: string };

export function productionAccess(env: Env = processEnv()): ProductionAccess {
  const siteID = setting(env, 'NETLIFY_SITE_ID');
  const token = setting(env, 'NETLIFY_AUTH_TOKEN');
  if (siteID && token) return { ok: true, access: { siteID, token } };
  if (siteID || token) return { ok: false, error: 'Set both NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN to read production, or neither for the local sandbox.' };
  return { ok: true, access: null };
}

/** The values of every secret setting that is set (a command hides them in what it prints). */
export function secretValues(env: Env = processEnv()): string[] {
  return VARIABLE_NAMES.filter((name) => (VARIABLES[name] as Variable).secret).flatMap((name) => setting(env, name) ?? []);
}
