import { z } from 'zod';
import { check, httpUrl, optional, processEnv, setting, type Env, type SettingIssue } from './read.ts';

/**
 * The site's GitHub settings: one reader for the admin (at build), the inbox, the publisher and
 * the import, so they cannot disagree about which repository is the site's (docs/go-live.md, step 2):
 *
 * - the repository, "owner/name": ADMIN_REPO or GITHUB_REPOSITORY, the same setting under two
 *   names (both kept from earlier setups; when both are set they must name the same repository),
 *   else the one Netlify builds from (REPOSITORY_URL, which only a build sees: the functions need
 *   one of the two variables);
 * - the branch: ADMIN_BRANCH or GITHUB_BRANCH, the same rule, else main;
 * - GITHUB_TOKEN: the token the publisher reads the branch's head with and the import commits with
 *   (the inbox asks GitHub with each signed-in person's own token);
 * - GITHUB_API_URL: another API address (tests point it at a stand-in on loopback).
 */

export const REPOSITORY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,38}\/[A-Za-z0-9._-]{1,100}$/;

const repository = z.string().regex(REPOSITORY, 'must be the repository written owner/name, e.g. dealer/website');
const branch = z.string().regex(/^[^\s~^:?*[\\]+$/, 'must be a branch name');

export interface GitHubSettings {
  /** "owner/name", or null when nothing names it. */
  repository: string | null;
  /** The variable the repository was read from. */
  repositoryFrom: 'ADMIN_REPO' | 'GITHUB_REPOSITORY' | 'REPOSITORY_URL' | null;
  branch: string;
  token: string | null;
  /** Another API address (tests); GitHub's own when unset. */
  apiUrl: string | undefined;
  /** Wrong values: a repository or branch that is not one, two names that disagree. */
  issues: SettingIssue[];
  warnings: SettingIssue[];
}

/** "https://github.com/owner/name(.git)" or "git@github.com:owner/name.git" (Netlify's REPOSITORY_URL) → "owner/name". */
export function repositoryOfUrl(url: string | undefined): string | undefined {
  return /github\.com[/:]([^/]+\/[^/]+?)(?:\.git)?\/?$/.exec(url ?? '')?.[1];
}

/** One value under two names: the first set, and a problem when both are set and differ. */
function aliased<T extends string, P extends 'ADMIN_REPO' | 'ADMIN_BRANCH', A extends 'GITHUB_REPOSITORY' | 'GITHUB_BRANCH'>(
  env: Env,
  names: readonly [P, A],
  schema: z.ZodType<T>,
  same: (a: string, b: string) => boolean,
  issues: SettingIssue[],
): { value: T; from: P | A } | undefined {
  const [primary, alias] = names;
  const read = names.map((name) => {
    const checked = check(env, name, schema);
    if (!checked.ok) issues.push(checked.issue);
    return checked.ok ? checked.value : undefined;
  });
  const [first, second] = read;
  if (first !== undefined && second !== undefined && !same(first, second))
    issues.push({ name: alias, problem: `names ${second}, but ${primary} names ${first}: they are one setting, keep one of them` });
  if (first !== undefined) return { value: first, from: primary };
  if (second !== undefined) return { value: second, from: alias };
  return undefined;
}

export function githubSettings(env: Env = processEnv()): GitHubSettings {
  const issues: SettingIssue[] = [];
  const warnings: SettingIssue[] = [];
  const named = aliased(env, ['ADMIN_REPO', 'GITHUB_REPOSITORY'], repository, (a, b) => a.toLowerCase() === b.toLowerCase(), issues);
  const built = named ? undefined : repositoryOfUrl(setting(env, 'REPOSITORY_URL'));
  const branchSetting = aliased(env, ['ADMIN_BRANCH', 'GITHUB_BRANCH'], branch, (a, b) => a === b, issues);
  return {
    repository: named?.value ?? built ?? null,
    repositoryFrom: named?.from ?? (built ? 'REPOSITORY_URL' : null),
    branch: branchSetting?.value ?? 'main',
    token: setting(env, 'GITHUB_TOKEN') ?? null,
    apiUrl: optional<string | undefined>(env, 'GITHUB_API_URL', httpUrl, undefined, warnings, "GitHub's API"),
    issues,
    warnings,
  };
}
