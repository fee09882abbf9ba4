import { z } from 'zod';
import type { GitHubClient } from '../github/client.ts';
import { buildHookEnv } from '../env.ts';

/**
 * The publisher's settings from the environment (listed in .env.example), checked on use:
 *
 * - BUILD_HOOK_URL: the build hook every deploy the site asks for goes through;
 * - GITHUB_TOKEN: a token that may read the repository (a fine-grained token with "Contents:
 *   read"), to learn the branch's head; unset: the publisher cannot tell what waits and asks
 *   for nothing;
 * - GITHUB_REPOSITORY ("owner/name", else ADMIN_REPO) and GITHUB_BRANCH (else ADMIN_BRANCH,
 *   else main): the branch Netlify deploys;
 * - GITHUB_API_URL: another API address (tests point it at a stand-in on loopback).
 */

export interface PublishingConfig {
  hookUrl: string;
  github: GitHubClient | null;
  repository: string;
  branch: string;
}

export type PublishingEnv = { ok: true; config: PublishingConfig | null; why?: string } | { ok: false; error: string };

const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

export function publishingEnv(source: Record<string, string | undefined> = process.env): PublishingEnv {
  const hook = buildHookEnv(source);
  if (!hook.ok) return { ok: false, error: hook.error };
  if (!hook.url) return { ok: true, config: null, why: 'BUILD_HOOK_URL is not set' };
  const apiUrl = blank(source.GITHUB_API_URL);
  if (apiUrl && !z.url({ protocol: /^https?$/ }).safeParse(apiUrl).success) return { ok: false, error: 'GITHUB_API_URL must be an http(s) URL' };
  const token = blank(source.GITHUB_TOKEN);
  return {
    ok: true,
    config: {
      hookUrl: hook.url,
      github: token ? { token, ...(apiUrl ? { baseUrl: apiUrl } : {}) } : null,
      repository: blank(source.GITHUB_REPOSITORY) ?? blank(source.ADMIN_REPO) ?? '',
      branch: blank(source.GITHUB_BRANCH) ?? blank(source.ADMIN_BRANCH) ?? 'main',
    },
  };
}
