import { createHash } from 'node:crypto';
import { listen, type Loopback } from './loopback.ts';

/**
 * A stand-in for GitHub's REST API on loopback, over a small repository held in memory, answering
 * as GitHub documents it (https://docs.github.com/en/rest):
 *
 * - GET /user, and GET /repos/{owner}/{repo} with the token's `permissions` on the repository;
 * - GET /repos/{owner}/{repo}/branches/{branch}: the branch and its head commit;
 * - the Git Data endpoints (https://docs.github.com/en/rest/git): refs, commits, trees (with
 *   base_tree and inline content) and blobs (base64). Moving a branch with `force: false` to a
 *   commit that does not descend from its head answers 422 "Update is not a fast forward".
 *
 * A known token gets its account; an unknown or revoked one 401 "Bad credentials"; a token
 * without access to the private repository 404; a write needs push access (403 "Resource not
 * accessible by personal access token" without). Answers carry the token's expiry
 * (`github-authentication-token-expiration`, as fine-grained and expiring classic tokens get it)
 * and a classic token's scopes (`x-oauth-scopes`) when set.
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

export interface GitHubRequest {
  method: string;
  path: string;
  authorization: string;
}

type Entry = { path: string; mode: string; type: 'blob' | 'tree'; sha: string };
type GitObject = { type: 'blob'; text: string } | { type: 'tree'; entries: Entry[] } | { type: 'commit'; tree: string; parents: string[]; message: string };

const sha1 = (kind: string, body: string) => createHash('sha1').update(`${kind} ${body}`).digest('hex');

export class GitHubStandIn {
  /** The token every stand-in knows from the start, with push access. */
  static readonly TOKEN = 'stand-in-token';
  readonly accounts = new Map<string, Account>([[GitHubStandIn.TOKEN, { login: 'dealer', permissions: { admin: false, push: true, pull: true } }]]);
  readonly requests: GitHubRequest[] = [];
  /** The contents of the blobs written through POST git/blobs. */
  readonly blobs: string[] = [];
  /** Answers every request 503, as GitHub does in an outage. */
  down = false;
  /** Runs once before the next ref update is answered (to let an editor commit first). */
  beforeNextRefUpdate: (() => void) | undefined;
  url = '';
  readonly token = GitHubStandIn.TOKEN;
  private readonly objects = new Map<string, GitObject>();
  private readonly refs = new Map<string, string>();
  private loopback: Loopback | undefined;

  /** `repository` ("owner/name") with `files` (path → text) on `branch` in one first commit. */
  constructor(
    readonly repository = 'dealer/site',
    files: Record<string, string> = {},
    private readonly branch = 'main',
  ) {
    const tree = this.putTree(new Map(Object.entries(files).map(([path, text]) => [path, this.putBlob(text)])));
    this.refs.set(branch, this.putCommit(tree, [], 'Initial'));
  }

  async start(): Promise<this> {
    this.loopback = await listen(async (request, response) => {
      let raw = '';
      for await (const chunk of request) raw += chunk;
      const authorization = String(request.headers.authorization ?? '');
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      this.requests.push({ method: request.method ?? 'GET', path, authorization });
      const account = this.accounts.get(authorization.replace(/^Bearer /, ''));
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, {
          'content-type': 'application/json; charset=utf-8',
          ...(account?.expiresAt ? { 'github-authentication-token-expiration': account.expiresAt } : {}),
          ...(account?.scopes !== undefined ? { 'x-oauth-scopes': account.scopes } : {}),
        });
        response.end(JSON.stringify(body));
      };
      if (this.down) return answer(503, { message: 'Service unavailable' });
      if (!account) return answer(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
      if (path === '/user') return answer(200, { login: account.login, id: 1, type: 'User' });
      const prefix = `/repos/${this.repository}`;
      if ((path !== prefix && !path.startsWith(`${prefix}/`)) || !account.permissions) return answer(404, { message: 'Not Found', status: '404' });
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      const { status, json } = this.repositoryAnswer(request.method ?? 'GET', path.slice(prefix.length), body, account.permissions);
      return answer(status, json);
    });
    this.url = this.loopback.url;
    return this;
  }

  async stop(): Promise<void> {
    await this.loopback?.close();
  }

  /** The branch's files now: path → text. */
  files(branch = this.branch): Record<string, string> {
    return Object.fromEntries([...this.flatten(this.treeOf(this.head(branch)))].map(([path, blob]) => [path, this.textOf(blob)]));
  }

  head(branch = this.branch): string {
    const head = this.refs.get(branch);
    if (!head) throw new Error(`no branch ${branch}`);
    return head;
  }

  /** Commits an editor's change straight onto the branch (as the admin does); answers its sha. */
  commitAs(message: string, files: Record<string, string>, branch = this.branch): string {
    const flat = this.flatten(this.treeOf(this.head(branch)));
    for (const [path, text] of Object.entries(files)) flat.set(path, this.putBlob(text));
    const id = this.putCommit(this.putTree(flat), [this.head(branch)], message);
    this.refs.set(branch, id);
    return id;
  }

  /** Moves a branch to a commit made elsewhere, known only by its sha (another tool's push). */
  moveBranch(branch: string, sha: string): void {
    this.refs.set(branch, sha);
  }

  /** Messages of the branch's commits, newest first. */
  log(branch = this.branch): string[] {
    const messages: string[] = [];
    for (let at: string | undefined = this.refs.get(branch); at;) {
      const commit = this.objects.get(at);
      if (commit?.type !== 'commit') break;
      messages.push(commit.message);
      at = commit.parents[0];
    }
    return messages;
  }

  private repositoryAnswer(
    method: string,
    rest: string,
    body: Record<string, unknown>,
    permissions: NonNullable<Account['permissions']>,
  ): { status: number; json: unknown } {
    const ok = (json: unknown, status = 200) => ({ status, json });
    const notFound = (message = 'Not Found') => ({ status: 404, json: { message, status: '404' } });
    if (rest === '' && method === 'GET') {
      return ok({
        full_name: this.repository,
        private: true,
        default_branch: this.branch,
        permissions: { ...permissions, maintain: false, triage: permissions.pull },
      });
    }
    let found: RegExpExecArray | null;
    if (method === 'GET' && (found = /^\/branches\/([^/]+)$/.exec(rest))) {
      const name = decodeURIComponent(found[1]!);
      const head = this.refs.get(name);
      return head ? ok({ name, protected: false, commit: { sha: head } }) : notFound('Branch not found');
    }
    if (method !== 'GET' && !permissions.push) return { status: 403, json: { message: 'Resource not accessible by personal access token', status: '403' } };
    if (method === 'GET' && (found = /^\/git\/ref\/heads\/(.+)$/.exec(rest))) {
      const head = this.refs.get(decodeURIComponent(found[1]!));
      return head ? ok({ ref: `refs/heads/${found[1]}`, object: { sha: head, type: 'commit' } }) : notFound();
    }
    if (method === 'GET' && (found = /^\/git\/commits\/([0-9a-f]{40})$/.exec(rest))) {
      const commit = this.objects.get(found[1]!);
      if (commit?.type !== 'commit') return notFound();
      return ok({ sha: found[1], tree: { sha: commit.tree }, parents: commit.parents.map((parent) => ({ sha: parent })), message: commit.message });
    }
    if (method === 'GET' && (found = /^\/git\/trees\/([0-9a-f]{40})$/.exec(rest))) {
      const tree = this.objects.get(found[1]!);
      return tree?.type === 'tree' ? ok({ sha: found[1], tree: tree.entries, truncated: false }) : notFound();
    }
    if (method === 'GET' && (found = /^\/git\/blobs\/([0-9a-f]{40})$/.exec(rest))) {
      const blob = this.objects.get(found[1]!);
      return blob?.type === 'blob' ? ok({ sha: found[1], content: Buffer.from(blob.text).toString('base64'), encoding: 'base64' }) : notFound();
    }
    if (method === 'POST' && rest === '/git/blobs') {
      const text = String(body.content ?? '');
      this.blobs.push(text);
      const id = this.putBlob(text);
      return ok({ sha: id, url: `${this.url}/repos/${this.repository}/git/blobs/${id}` }, 201);
    }
    if (method === 'POST' && rest === '/git/trees') {
      const base = body.base_tree as string;
      if (this.objects.get(base)?.type !== 'tree') return { status: 422, json: { message: 'Invalid tree info' } };
      const flat = this.flatten(base);
      for (const entry of body.tree as { path: string; content: string }[]) flat.set(entry.path, this.putBlob(entry.content));
      return ok({ sha: this.putTree(flat) }, 201);
    }
    if (method === 'POST' && rest === '/git/commits') {
      return ok({ sha: this.putCommit(body.tree as string, body.parents as string[], body.message as string) }, 201);
    }
    if (method === 'PATCH' && (found = /^\/git\/refs\/heads\/(.+)$/.exec(rest))) {
      const name = decodeURIComponent(found[1]!);
      const hook = this.beforeNextRefUpdate;
      this.beforeNextRefUpdate = undefined;
      hook?.();
      const next = body.sha as string;
      if (body.force !== false && body.force !== undefined) return { status: 422, json: { message: 'the import must never force' } };
      if (!this.descends(next, this.head(name))) return { status: 422, json: { message: 'Update is not a fast forward' } };
      this.refs.set(name, next);
      return ok({ ref: `refs/heads/${name}`, object: { sha: next, type: 'commit' } });
    }
    return notFound();
  }

  private putBlob(text: string): string {
    const id = sha1('blob', text);
    this.objects.set(id, { type: 'blob', text });
    return id;
  }

  /** Writes nested trees for a flat map of path → blob sha; answers the root tree's sha. */
  private putTree(flat: Map<string, string>): string {
    const here = new Map<string, Entry>();
    const children = new Map<string, Map<string, string>>();
    for (const [path, blob] of flat) {
      const [first, ...rest] = path.split('/');
      if (rest.length === 0) here.set(first!, { path: first!, mode: '100644', type: 'blob', sha: blob });
      else children.set(first!, new Map([...(children.get(first!) ?? []), [rest.join('/'), blob]]));
    }
    for (const [name, flatChild] of children) here.set(name, { path: name, mode: '040000', type: 'tree', sha: this.putTree(flatChild) });
    const entries = [...here.values()].sort((a, b) => a.path.localeCompare(b.path));
    const id = sha1('tree', JSON.stringify(entries));
    this.objects.set(id, { type: 'tree', entries });
    return id;
  }

  private putCommit(tree: string, parents: string[], message: string): string {
    const id = sha1('commit', JSON.stringify({ tree, parents, message, at: this.objects.size }));
    this.objects.set(id, { type: 'commit', tree, parents, message });
    return id;
  }

  private treeOf(commit: string): string {
    const object = this.objects.get(commit);
    if (object?.type !== 'commit') throw new Error(`${commit} is not a commit of the stand-in`);
    return object.tree;
  }

  private flatten(treeSha: string, prefix = ''): Map<string, string> {
    const tree = this.objects.get(treeSha);
    const flat = new Map<string, string>();
    if (tree?.type !== 'tree') return flat;
    for (const entry of tree.entries) {
      if (entry.type === 'blob') flat.set(`${prefix}${entry.path}`, entry.sha);
      else for (const [path, blob] of this.flatten(entry.sha, `${prefix}${entry.path}/`)) flat.set(path, blob);
    }
    return flat;
  }

  private textOf(blob: string): string {
    const object = this.objects.get(blob);
    return object?.type === 'blob' ? object.text : '';
  }

  private descends(commit: string, ancestor: string): boolean {
    if (commit === ancestor) return true;
    const object = this.objects.get(commit);
    return object?.type === 'commit' && object.parents.some((parent) => this.descends(parent, ancestor));
  }
}
