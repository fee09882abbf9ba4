import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for GitHub's REST API on loopback, answering as GitHub documents it
 * (https://docs.github.com/en/rest): GET /user, GET /repos/{owner}/{repo}
 * (https://docs.github.com/en/rest/repos/repos#get-a-repository), GET
 * /repos/{owner}/{repo}/branches/{branch} and POST /repos/{owner}/{repo}/git/blobs. A known
 * token gets its account and its `permissions` on the repository; an unknown or revoked token
 * gets 401 "Bad credentials"; a token without access to a private repository gets 404; a blob
 * needs push access (403 "Resource not accessible by personal access token" without). Answers
 * carry the token's expiry (`github-authentication-token-expiration`, as fine-grained and
 * expiring classic tokens get it) and a classic token's scopes (`x-oauth-scopes`) when set.
 */
export interface Account {
  login: string;
  /** Permissions on the repository; undefined: the account cannot see it (404). */
  permissions?: { admin: boolean; push: boolean; pull: boolean };
  /** "2026-09-01 12:00:00 UTC": when the token expires (no header when unset). */
  expiresAt?: string;
  /** A classic token's scopes, "repo, workflow". */
  scopes?: string;
}

export class GitHubStandIn {
  readonly accounts = new Map<string, Account>();
  readonly requests: { path: string; authorization: string; method?: string }[] = [];
  /** The repository's branches. */
  readonly branches = new Set(['main']);
  /** Blobs written (their content). */
  readonly blobs: string[] = [];
  private server: Server | undefined;
  url = '';

  constructor(readonly repository: string) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const authorization = String(request.headers.authorization ?? '');
      this.requests.push({ path: request.url ?? '', authorization, method: request.method });
      const account = this.accounts.get(authorization.replace(/^Bearer /, ''));
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, {
          'content-type': 'application/json; charset=utf-8',
          ...(account?.expiresAt ? { 'github-authentication-token-expiration': account.expiresAt } : {}),
          ...(account?.scopes !== undefined ? { 'x-oauth-scopes': account.scopes } : {}),
        });
        response.end(JSON.stringify(body));
      };
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (!account) return answer(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
        const path = request.url ?? '';
        if (path === '/user') return answer(200, { login: account.login, id: 1, type: 'User' });
        if (!path.startsWith(`/repos/${this.repository}`)) return answer(404, { message: 'Not Found', status: '404' });
        if (!account.permissions) return answer(404, { message: 'Not Found', status: '404' });
        const rest = path.slice(`/repos/${this.repository}`.length);
        if (rest === '' && request.method === 'GET') {
          return answer(200, {
            full_name: this.repository,
            private: true,
            default_branch: 'main',
            permissions: { ...account.permissions, maintain: false, triage: account.permissions.pull },
          });
        }
        const branch = /^\/branches\/([^/]+)$/.exec(rest)?.[1];
        if (branch !== undefined && request.method === 'GET') {
          const name = decodeURIComponent(branch);
          return this.branches.has(name) ? answer(200, { name, protected: false }) : answer(404, { message: 'Branch not found', status: '404' });
        }
        if (rest === '/git/blobs' && request.method === 'POST') {
          if (!account.permissions.push) return answer(403, { message: 'Resource not accessible by personal access token', status: '403' });
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { content?: string };
          this.blobs.push(String(body.content ?? ''));
          return answer(201, { sha: createHash('sha1').update(String(body.content)).digest('hex'), url: `${this.url}/repos/${this.repository}/git/blobs/x` });
        }
        return answer(404, { message: 'Not Found', status: '404' });
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
  }
}
