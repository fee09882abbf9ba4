import { githubRequest, repositoryPath, type GitHubClient } from './client.ts';

/**
 * Who may read the dealer's leads (docs/operations.md §The dealer's inbox): the people who may
 * push to the site's repository, the same people the admin lets edit. A token is asked about
 * twice at once: whose it is (GET /user) and what it may do to the repository
 * (GET /repos/{owner}/{repo}, `permissions.push`). Every failure refuses: a bad or revoked token,
 * no access, read-only access, and GitHub not answering (never "let in because we could not ask").
 */

export type RepositoryAccess =
  | { ok: true; login: string }
  /** `unavailable`: GitHub could not be asked (the caller answers 503, the person is not let in). */
  | { ok: false; reason: 'bad-token' | 'no-push' | 'unavailable'; message: string };

interface GitHubUser {
  login?: unknown;
}

interface GitHubRepository {
  permissions?: { push?: unknown };
}

export async function repositoryAccess(client: GitHubClient, repository: string): Promise<RepositoryAccess> {
  const path = repositoryPath(repository);
  if (!path) return { ok: false, reason: 'unavailable', message: `The repository "${repository}" is not an owner/name.` };
  const [user, repo] = await Promise.all([githubRequest<GitHubUser>(client, '/user'), githubRequest<GitHubRepository>(client, path)]);
  for (const answer of [user, repo]) {
    if (answer.ok) continue;
    if (answer.kind === 'unavailable') return { ok: false, reason: 'unavailable', message: answer.message };
    if (answer.status === 401) return { ok: false, reason: 'bad-token', message: 'GitHub does not accept this sign-in any more. Sign in again.' };
    // 404: a private repository this account cannot see; 403: no access (or GitHub's own limit).
    if (answer.status === 404 || answer.status === 403) return { ok: false, reason: 'no-push', message: 'This GitHub account may not edit the site.' };
    return { ok: false, reason: 'unavailable', message: answer.message };
  }
  if (!user.ok || !repo.ok) return { ok: false, reason: 'unavailable', message: 'GitHub gave no answer' };
  const login = typeof user.data.login === 'string' ? user.data.login : '';
  if (!login) return { ok: false, reason: 'unavailable', message: 'GitHub answered without the account name' };
  if (repo.data.permissions?.push !== true) return { ok: false, reason: 'no-push', message: 'This GitHub account may not edit the site.' };
  return { ok: true, login };
}

/** How long an answer of GitHub's is trusted: minutes, so a removed collaborator is out soon. */
export const ACCESS_CACHE_MS = 5 * 60_000;

const cache = new Map<string, { access: RepositoryAccess; until: number }>();

/** A name for a token that is not the token (the cache never keeps tokens). */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`inbox-token:${token}`));
  return Buffer.from(digest).toString('hex');
}

/**
 * repositoryAccess, remembered per token (its hash) for ACCESS_CACHE_MS in this function
 * instance. Only definite answers are remembered; GitHub being down is asked again next time.
 */
export async function cachedRepositoryAccess(client: GitHubClient, repository: string, now = Date.now()): Promise<RepositoryAccess> {
  const key = `${repository}:${await tokenHash(client.token)}`;
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.access;
  const access = await repositoryAccess(client, repository);
  if (access.ok || access.reason !== 'unavailable') {
    if (cache.size > 500) cache.clear();
    cache.set(key, { access, until: now + ACCESS_CACHE_MS });
  } else cache.delete(key);
  return access;
}

/** Forgets every remembered answer (tests). */
export function clearAccessCache(): void {
  cache.clear();
}
