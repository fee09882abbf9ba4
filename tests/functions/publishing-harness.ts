import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Loopback stand-ins for the two services the publisher talks to, speaking their documented
 * wire format: GitHub's "get a branch" (GET /repos/{owner}/{repo}/branches/{branch} → 200
 * {"name", "commit": {"sha"}}; 404 {"message": "Branch not found"}; a token with an expiry gets
 * `GitHub-Authentication-Token-Expiration: 2026-12-01 17:00:00 UTC` on every answer), and a Netlify build hook
 * (POST /build_hooks/{id}?trigger_title=… → 200, empty body).
 */

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

export class GitHubStandIn {
  /** The head commit of each branch of `owner/name`. */
  readonly heads = new Map<string, string>();
  readonly requests: { path: string; authorization: string | undefined }[] = [];
  down = false;
  /** The token's expiry as GitHub writes it in `GitHub-Authentication-Token-Expiration`; null: a token without one. */
  expiration: string | null = null;
  url = '';
  private server = createServer((request, response) => {
    this.requests.push({ path: request.url ?? '', authorization: request.headers.authorization });
    request.resume();
    if (this.down) return void response.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"Service unavailable"}');
    const match = /^\/repos\/([^/]+\/[^/]+)\/branches\/([^/?]+)$/.exec(request.url ?? '');
    const sha = match ? this.heads.get(`${match[1]}#${decodeURIComponent(match[2]!)}`) : undefined;
    if (!match || !sha) return void response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Branch not found"}');
    const expiry = this.expiration ? { 'github-authentication-token-expiration': this.expiration } : {};
    response.writeHead(200, { 'content-type': 'application/json', ...expiry }).end(JSON.stringify({ name: decodeURIComponent(match[2]!), commit: { sha } }));
  });

  /** A new commit on the branch (an editor's save, the import). */
  commit(repository: string, branch: string, sha: string): void {
    this.heads.set(`${repository}#${branch}`, sha);
  }

  async start(): Promise<this> {
    this.url = await listen(this.server);
    return this;
  }

  stop(): Promise<void> {
    return close(this.server);
  }
}

export class BuildHookStandIn {
  readonly calls: { title: string; at: number }[] = [];
  status = 200;
  url = '';
  /** The simulated clock of the test driving it (ISO), for what onBuild records. */
  now = '';
  /** Runs for each accepted call, as Netlify's build and its deploy-succeeded event would. */
  onBuild: ((title: string) => Promise<void>) | undefined;
  private server = createServer(async (request, response) => {
    request.resume();
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method !== 'POST' || !url.pathname.startsWith('/build_hooks/')) return void response.writeHead(404).end('Not found');
    const title = url.searchParams.get('trigger_title') ?? '';
    if (this.status !== 200) return void response.writeHead(this.status).end();
    this.calls.push({ title, at: Date.now() });
    // The build and its deploy event come after the answer in production; here before it, so
    // a simulated run sees the deploy it asked for.
    await this.onBuild?.(title);
    response.writeHead(200).end();
  });

  async start(): Promise<this> {
    this.url = `${await listen(this.server)}/build_hooks/test-hook`;
    return this;
  }

  stop(): Promise<void> {
    return close(this.server);
  }
}
