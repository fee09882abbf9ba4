/**
 * The one client of GitHub's REST API: a request with a token, its JSON answer as a value and
 * every failure as a value too (never a throw), so a caller decides what an outage means. The
 * inbox asks it who may read leads, the publisher which commit the branch is at, and the import
 * commits through its Git Data endpoints; each of those is a small module beside this one.
 *
 * Tests point `baseUrl` at a stand-in server on loopback that answers as GitHub documents
 * (https://docs.github.com/en/rest); production uses https://api.github.com.
 */

export const GITHUB_API_URL = 'https://api.github.com';

/** How long one request may take before it counts as GitHub being down. */
export const GITHUB_TIMEOUT_MS = 10_000;

export interface GitHubClient {
  token: string;
  /** Another API address (a stand-in on loopback in tests); GitHub's own when unset. */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Shown every answer's headers: the token's expiry (github/token-expiry.ts). */
  seen?: (headers: Headers) => void;
}

export type GitHubFailure =
  /** GitHub answered with an error status (401 bad token, 403 no permission or rate limit, 404, 409, 422 …). */
  | { ok: false; kind: 'status'; status: number; message: string }
  /** No usable answer: unreachable, timed out, or not JSON. */
  | { ok: false; kind: 'unavailable'; message: string };

/** An answer, with its headers (a token's expiry, `github-authentication-token-expiration`; a classic token's `x-oauth-scopes`). */
export type GitHubResult<T> = { ok: true; status: number; data: T; headers: Headers } | GitHubFailure;

export interface GitHubRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
}

/** `path` is the API path after the host, e.g. `/repos/owner/name`. */
export async function githubRequest<T>(client: GitHubClient, path: string, request: GitHubRequest = {}): Promise<GitHubResult<T>> {
  const url = new URL(path.replace(/^\/?/, ''), `${(client.baseUrl ?? GITHUB_API_URL).replace(/\/?$/, '/')}`);
  const timeoutMs = client.timeoutMs ?? GITHUB_TIMEOUT_MS;
  let response: Response;
  try {
    response = await (client.fetch ?? fetch)(url, {
      method: request.method ?? 'GET',
      headers: {
        Accept: 'application/vnd.github+json',
        Authorization: `Bearer ${client.token}`,
        'X-GitHub-Api-Version': '2022-11-28',
        'User-Agent': 'dealer-site',
        ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { ok: false, kind: 'unavailable', message: timedOut ? `GitHub did not answer within ${timeoutMs} ms` : 'GitHub could not be reached' };
  }
  if (response.ok) client.seen?.(response.headers);
  let data: unknown;
  try {
    data = response.status === 204 ? null : await response.json();
  } catch {
    return response.ok
      ? { ok: false, kind: 'unavailable', message: `GitHub answered ${response.status} without JSON` }
      : { ok: false, kind: 'status', status: response.status, message: `GitHub answered ${response.status}` };
  }
  if (!response.ok) {
    const message =
      typeof data === 'object' && data && 'message' in data && typeof data.message === 'string' ? data.message : `GitHub answered ${response.status}`;
    return { ok: false, kind: 'status', status: response.status, message };
  }
  return { ok: true, status: response.status, data: data as T, headers: response.headers };
}

/** "owner/name" as GitHub spells a repository, checked before it goes into a path. */
export function repositoryPath(repository: string): string | undefined {
  return /^[A-Za-z0-9][A-Za-z0-9_-]{0,38}\/[A-Za-z0-9._-]{1,100}$/.test(repository) ? `/repos/${repository}` : undefined;
}
