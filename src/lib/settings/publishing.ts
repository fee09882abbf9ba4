import { check, httpsUrl, issueLine, processEnv, type Env } from './read.ts';
import { githubSettings } from './github.ts';

/**
 * The publisher's settings (docs/product.md §Publishing):
 *
 * - BUILD_HOOK_URL: the build hook every deploy the site asks for goes through; unset, the site
 *   asks for no deploy;
 * - the repository, branch and token of github.ts: the publisher reads the branch's head (a
 *   token with "Contents: read") to know whether saved commits wait; without a token it cannot
 *   tell and deploys only dated changes.
 */

/** `url` is null when BUILD_HOOK_URL is not set: the site asks for no deploy. */
export type BuildHookEnv = { ok: true; url: string | null } | { ok: false; error: string };

/** BUILD_HOOK_URL, checked: a Netlify build hook, https (http only to this machine, for tests). */
export function buildHookEnv(env: Env = processEnv()): BuildHookEnv {
  const checked = check(env, 'BUILD_HOOK_URL', httpsUrl('must be the build hook URL, e.g. https://api.netlify.com/build_hooks/…'));
  if (!checked.ok) return { ok: false, error: issueLine(checked.issue) };
  return { ok: true, url: checked.value ?? null };
}

export interface PublishingConfig {
  hookUrl: string;
  /** The client the publisher reads the branch with (`seen`: told each answer's headers, the token's expiry). */
  github: { token: string; baseUrl?: string; seen?: (headers: Headers) => void } | null;
  repository: string;
  branch: string;
}

export type PublishingEnv = { ok: true; config: PublishingConfig | null; why?: string } | { ok: false; error: string };

export function publishingEnv(env: Env = processEnv()): PublishingEnv {
  const hook = buildHookEnv(env);
  if (!hook.ok) return { ok: false, error: hook.error };
  if (!hook.url) return { ok: true, config: null, why: 'BUILD_HOOK_URL is not set' };
  const github = githubSettings(env);
  if (github.issues.length > 0) return { ok: false, error: github.issues.map(issueLine).join('; ') };
  if (github.token && !github.repository) return { ok: false, error: 'ADMIN_REPO (or GITHUB_REPOSITORY) is not set: the publisher cannot read the branch' };
  return {
    ok: true,
    config: {
      hookUrl: hook.url,
      github: github.token ? { token: github.token, ...(github.apiUrl ? { baseUrl: github.apiUrl } : {}) } : null,
      repository: github.repository ?? '',
      branch: github.branch,
    },
  };
}
