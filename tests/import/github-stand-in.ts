import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of the GitHub Git Data endpoints the import uses, on loopback, answering as GitHub
 * documents them (https://docs.github.com/en/rest/git): refs, commits, trees (with base_tree and
 * inline content) and blobs (base64), over a small in-memory repository. Moving a branch with
 * `force: false` to a commit that does not descend from its head answers 422 "Update is not a
 * fast forward", as GitHub does.
 */

type Entry = { path: string; mode: string; type: 'blob' | 'tree'; sha: string };

export interface GitHubStandIn {
  url: string;
  token: string;
  /** The branch's files now: path → text. */
  files(branch?: string): Record<string, string>;
  /** Commits an editor's change straight onto the branch (as the admin does). */
  commitAs(message: string, files: Record<string, string>, branch?: string): string;
  head(branch?: string): string;
  /** Messages of the branch's commits, newest first. */
  log(branch?: string): string[];
  /** Every request as "METHOD path". */
  requests: string[];
  /** Runs once before the next ref update is answered (to let an editor commit first). */
  beforeNextRefUpdate?: () => void;
  close(): Promise<void>;
}

export async function startGitHub(initial: Record<string, string>, branch = 'main'): Promise<GitHubStandIn> {
  const objects = new Map<
    string,
    { type: 'blob'; text: string } | { type: 'tree'; entries: Entry[] } | { type: 'commit'; tree: string; parents: string[]; message: string }
  >();
  const refs = new Map<string, string>();
  const token = 'stand-in-token';
  const sha = (kind: string, body: string) => createHash('sha1').update(`${kind} ${body}`).digest('hex');

  const putBlob = (text: string) => {
    const id = sha('blob', text);
    objects.set(id, { type: 'blob', text });
    return id;
  };
  /** Writes nested trees for a flat map of path → blob sha; answers the root tree's sha. */
  const putTree = (flat: Map<string, string>): string => {
    const here = new Map<string, Entry>();
    const children = new Map<string, Map<string, string>>();
    for (const [path, blob] of flat) {
      const [first, ...rest] = path.split('/');
      if (rest.length === 0) here.set(first!, { path: first!, mode: '100644', type: 'blob', sha: blob });
      else children.set(first!, new Map([...(children.get(first!) ?? []), [rest.join('/'), blob]]));
    }
    for (const [name, flatChild] of children) here.set(name, { path: name, mode: '040000', type: 'tree', sha: putTree(flatChild) });
    const entries = [...here.values()].sort((a, b) => a.path.localeCompare(b.path));
    const id = sha('tree', JSON.stringify(entries));
    objects.set(id, { type: 'tree', entries });
    return id;
  };
  const flatten = (treeSha: string, prefix = ''): Map<string, string> => {
    const tree = objects.get(treeSha) as { entries: Entry[] };
    const flat = new Map<string, string>();
    for (const entry of tree.entries) {
      if (entry.type === 'blob') flat.set(`${prefix}${entry.path}`, entry.sha);
      else for (const [path, blob] of flatten(entry.sha, `${prefix}${entry.path}/`)) flat.set(path, blob);
    }
    return flat;
  };
  const putCommit = (tree: string, parents: string[], message: string) => {
    const id = sha('commit', JSON.stringify({ tree, parents, message, at: objects.size }));
    objects.set(id, { type: 'commit', tree, parents, message });
    return id;
  };
  const descends = (commit: string, ancestor: string): boolean => {
    if (commit === ancestor) return true;
    const object = objects.get(commit);
    return object?.type === 'commit' && object.parents.some((parent) => descends(parent, ancestor));
  };
  const commitFiles = (message: string, files: Record<string, string>, on: string) => {
    const parent = refs.get(on)!;
    const flat = flatten((objects.get(parent) as { tree: string }).tree);
    for (const [path, text] of Object.entries(files)) flat.set(path, putBlob(text));
    const id = putCommit(putTree(flat), [parent], message);
    refs.set(on, id);
    return id;
  };

  const rootTree = putTree(new Map(Object.entries(initial).map(([path, text]) => [path, putBlob(text)])));
  refs.set(branch, putCommit(rootTree, [], 'Initial'));

  const requests: string[] = [];
  const standIn = {} as GitHubStandIn;
  const server = createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const url = new URL(request.url!, 'http://127.0.0.1');
    requests.push(`${request.method} ${url.pathname}`);
    const answer = (status: number, body: unknown) =>
      response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    if (request.headers.authorization !== `Bearer ${token}`) return answer(401, { message: 'Bad credentials' });
    const match = /^\/repos\/[^/]+\/[^/]+\/git\/(.+)$/.exec(url.pathname);
    if (!match) return answer(404, { message: 'Not Found' });
    const rest = match[1]!;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    let found: RegExpExecArray | null;
    if (request.method === 'GET' && (found = /^ref\/heads\/(.+)$/.exec(rest))) {
      const head = refs.get(decodeURIComponent(found[1]!));
      return head ? answer(200, { ref: `refs/heads/${found[1]}`, object: { sha: head, type: 'commit' } }) : answer(404, { message: 'Not Found' });
    }
    if (request.method === 'GET' && (found = /^commits\/([0-9a-f]{40})$/.exec(rest))) {
      const commit = objects.get(found[1]!);
      if (commit?.type !== 'commit') return answer(404, { message: 'Not Found' });
      return answer(200, { sha: found[1], tree: { sha: commit.tree }, parents: commit.parents.map((parent) => ({ sha: parent })), message: commit.message });
    }
    if (request.method === 'GET' && (found = /^trees\/([0-9a-f]{40})$/.exec(rest))) {
      const tree = objects.get(found[1]!);
      if (tree?.type !== 'tree') return answer(404, { message: 'Not Found' });
      return answer(200, { sha: found[1], tree: tree.entries, truncated: false });
    }
    if (request.method === 'GET' && (found = /^blobs\/([0-9a-f]{40})$/.exec(rest))) {
      const blob = objects.get(found[1]!);
      if (blob?.type !== 'blob') return answer(404, { message: 'Not Found' });
      return answer(200, { sha: found[1], content: Buffer.from(blob.text).toString('base64'), encoding: 'base64' });
    }
    if (request.method === 'POST' && rest === 'trees') {
      const base = body.base_tree as string;
      if (objects.get(base)?.type !== 'tree') return answer(422, { message: 'Invalid tree info' });
      const flat = flatten(base);
      for (const entry of body.tree as { path: string; content: string }[]) flat.set(entry.path, putBlob(entry.content));
      return answer(201, { sha: putTree(flat) });
    }
    if (request.method === 'POST' && rest === 'commits') {
      return answer(201, { sha: putCommit(body.tree as string, body.parents as string[], body.message as string) });
    }
    if (request.method === 'PATCH' && (found = /^refs\/heads\/(.+)$/.exec(rest))) {
      const name = decodeURIComponent(found[1]!);
      const hook = standIn.beforeNextRefUpdate;
      standIn.beforeNextRefUpdate = undefined;
      hook?.();
      const next = body.sha as string;
      if (body.force !== false && body.force !== undefined) return answer(422, { message: 'the import must never force' });
      if (!descends(next, refs.get(name)!)) return answer(422, { message: 'Update is not a fast forward' });
      refs.set(name, next);
      return answer(200, { ref: `refs/heads/${name}`, object: { sha: next, type: 'commit' } });
    }
    return answer(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const textOf = (blob: string) => (objects.get(blob) as { text: string }).text;
  Object.assign(standIn, {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    files: (on = branch) => Object.fromEntries([...flatten((objects.get(refs.get(on)!) as { tree: string }).tree)].map(([path, blob]) => [path, textOf(blob)])),
    commitAs: (message: string, files: Record<string, string>, on = branch) => commitFiles(message, files, on),
    head: (on = branch) => refs.get(on)!,
    log: (on = branch) => {
      const messages: string[] = [];
      for (let at: string | undefined = refs.get(on); at;) {
        const commit = objects.get(at) as { parents: string[]; message: string };
        messages.push(commit.message);
        at = commit.parents[0];
      }
      return messages;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return standIn;
}
