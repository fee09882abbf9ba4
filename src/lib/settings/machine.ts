import { githubSettings } from './github.ts';
import { processEnv, setting, type Env, type SettingIssue } from './read.ts';
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

/**
 * What `npm run doctor` checks the live site with (scripts/doctor.ts, docs/operations.md §npm run
 * doctor), from this machine's environment: the production values of the site's own settings. The
 * repository and branch follow the one GitHub rule (github.ts); `issues` names a repository or
 * branch that is not one, or two names of one setting that disagree.
 */
export interface DoctorEnv {
  healthToken: string | undefined;
  resendKey: string | undefined;
  from: string | undefined;
  githubToken: string | undefined;
  repository: string | undefined;
  branch: string;
  buildHook: string | undefined;
  /** Another Resend or GitHub API address (the tests' stand-ins). */
  resendBaseUrl: string | undefined;
  githubApiUrl: string | undefined;
  issues: SettingIssue[];
}

export function doctorEnv(env: Env = processEnv()): DoctorEnv {
  const github = githubSettings(env);
  return {
    healthToken: setting(env, 'HEALTH_TOKEN'),
    resendKey: setting(env, 'RESEND_API_KEY'),
    from: setting(env, 'LEADS_FROM'),
    githubToken: github.token ?? undefined,
    repository: github.repository ?? undefined,
    branch: github.branch,
    buildHook: setting(env, 'BUILD_HOOK_URL'),
    resendBaseUrl: setting(env, 'RESEND_BASE_URL'),
    githubApiUrl: github.apiUrl,
    issues: github.issues,
  };
}
