import { issueLine, processEnv, setting, type Env } from './read.ts';
import { githubSettings } from './github.ts';

/**
 * What the scheduled import needs (docs/operations.md §Import): the token, repository and branch
 * of github.ts (a token that may write the repository: the run commits there), and the DMS's API
 * key when the feed is a DMS that asks for one.
 */

export interface ImportSettings {
  token: string;
  repository: string;
  branch: string;
  apiUrl?: string;
  dmsToken?: string;
}

export type ImportEnv = { ok: true; value: ImportSettings } | { ok: false; error: string };

export function importEnv(env: Env = processEnv()): ImportEnv {
  const github = githubSettings(env);
  const problems = github.issues.map(issueLine);
  if (!github.token) problems.push('GITHUB_TOKEN is required for the scheduled import');
  if (!github.repository) problems.push('ADMIN_REPO (or GITHUB_REPOSITORY) is required for the scheduled import');
  if (problems.length > 0 || !github.token || !github.repository) return { ok: false, error: problems.join('; ') };
  const dmsToken = setting(env, 'IMPORT_DMS_TOKEN');
  return {
    ok: true,
    value: {
      token: github.token,
      repository: github.repository,
      branch: github.branch,
      ...(github.apiUrl ? { apiUrl: github.apiUrl } : {}),
      ...(dmsToken ? { dmsToken } : {}),
    },
  };
}

/** GITHUB_TOKEN alone: the secret the hourly import job signs its wake-up with (functions/lib/http/guards.ts). */
export function importWakeSecret(env: Env = processEnv()): string | undefined {
  return setting(env, 'GITHUB_TOKEN');
}

/** IMPORT_DMS_TOKEN: the DMS's API key, for `npm run import` on your machine too. */
export function dmsToken(env: Env = processEnv()): string | undefined {
  return setting(env, 'IMPORT_DMS_TOKEN');
}
