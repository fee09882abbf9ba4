import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for GitHub's REST API on loopback, answering GET /user and GET /repos/{owner}/{repo}
 * as GitHub documents them (https://docs.github.com/en/rest/repos/repos#get-a-repository):
 * a known token gets its account and its `permissions` on the repository; an unknown or revoked
 * token gets 401 "Bad credentials"; a token without access to a private repository gets 404.
 */
export interface Account {
  login: string;
  /** Permissions on the repository; undefined: the account cannot see it (404). */
  permissions?: { admin: boolean; push: boolean; pull: boolean };
}

export class GitHubStandIn {
  readonly accounts = new Map<string, Account>();
  readonly requests: { path: string; authorization: string }[] = [];
  private server: Server | undefined;
  url = '';

  constructor(readonly repository: string) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const authorization = String(request.headers.authorization ?? '');
      this.requests.push({ path: request.url ?? '', authorization });
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(body));
      };
      const account = this.accounts.get(authorization.replace(/^Bearer /, ''));
      if (!account) return answer(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
      if (request.url === '/user') return answer(200, { login: account.login, id: 1, type: 'User' });
      if (request.url === `/repos/${this.repository}`) {
        if (!account.permissions) return answer(404, { message: 'Not Found', status: '404' });
        return answer(200, {
          full_name: this.repository,
          private: true,
          permissions: { ...account.permissions, maintain: false, triage: account.permissions.pull },
        });
      }
      return answer(404, { message: 'Not Found', status: '404' });
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
