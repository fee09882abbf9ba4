import { githubRequest, repositoryPath, type GitHubClient, type GitHubFailure } from './client.ts';

/**
 * One commit of many files through GitHub's Git Data API (https://docs.github.com/en/rest/git):
 * read the branch's head, let the caller decide the files from what is there, write them as a
 * tree on the head's own tree, commit it with the head as parent and move the branch there
 * fast-forward only (`force: false`). When someone committed meanwhile (an editor's save), GitHub
 * refuses the move (422 "Update is not a fast forward", or 409) and the whole thing starts over
 * on the new head: the caller decides again from the files as they now are, so an editor's
 * change is never overwritten. Blobs already read are not fetched twice.
 */

interface RefAnswer {
  object: { sha: string };
}
interface CommitAnswer {
  sha: string;
  tree: { sha: string };
}
interface TreeAnswer {
  sha: string;
  tree: { path: string; mode: string; type: 'blob' | 'tree' | 'commit'; sha: string }[];
  truncated?: boolean;
}
interface BlobAnswer {
  content: string;
  encoding: 'base64' | 'utf-8';
}

export type GitResult<T> = { ok: true; value: T } | { ok: false; message: string; status?: number };

const failed = (what: string, failure: GitHubFailure): { ok: false; message: string; status?: number } => ({
  ok: false,
  message: `${what}: ${failure.message}`,
  ...(failure.kind === 'status' ? { status: failure.status } : {}),
});

/** The files of one commit, read on demand. */
export interface HeadView {
  commit: string;
  /** The text of every file directly in `folder` (e.g. "data/units"), by file name; none when the folder does not exist. */
  readFolder(folder: string): Promise<GitResult<Record<string, string>>>;
  /** The text of one file (e.g. "data/import.json"); undefined when the commit has no such file. */
  readFile(path: string): Promise<GitResult<string | undefined>>;
}

/** What the caller wants committed on a head: file path → new text; nothing to commit when undefined. */
export type CommitDraft = { files: Record<string, string>; message: string } | undefined;

export interface CommitOptions {
  branch: string;
  /** How many times to start over on a newer head before giving up. */
  attempts?: number;
}

export const COMMIT_ATTEMPTS = 5;
/** Blobs read side by side. */
export const BLOB_READS_AT_ONCE = 8;

/** Reads a repository through the Git Data API, with a cache of blobs by their SHA. */
function repositoryReader(client: GitHubClient, base: string) {
  const blobs = new Map<string, string>();
  const tree = async (sha: string) => githubRequest<TreeAnswer>(client, `${base}/git/trees/${sha}`);
  const blobText = async (sha: string, path: string): Promise<GitResult<string>> => {
    const cached = blobs.get(sha);
    if (cached !== undefined) return { ok: true, value: cached };
    const blob = await githubRequest<BlobAnswer>(client, `${base}/git/blobs/${sha}`);
    if (!blob.ok) return failed(`reading ${path}`, blob);
    const text = blob.data.encoding === 'base64' ? Buffer.from(blob.data.content, 'base64').toString('utf8') : blob.data.content;
    blobs.set(sha, text);
    return { ok: true, value: text };
  };
  return {
    async head(branch: string): Promise<GitResult<{ commit: string; tree: string }>> {
      const ref = await githubRequest<RefAnswer>(client, `${base}/git/ref/heads/${encodeURIComponent(branch)}`);
      if (!ref.ok) return failed(`reading the branch ${branch}`, ref);
      const commit = await githubRequest<CommitAnswer>(client, `${base}/git/commits/${ref.data.object.sha}`);
      if (!commit.ok) return failed('reading the head commit', commit);
      return { ok: true, value: { commit: commit.data.sha, tree: commit.data.tree.sha } };
    },
    async readFolder(rootTree: string, folder: string): Promise<GitResult<Record<string, string>>> {
      let sha = rootTree;
      for (const segment of folder.split('/').filter(Boolean)) {
        const answer = await tree(sha);
        if (!answer.ok) return failed(`reading the folder ${folder}`, answer);
        const entry = answer.data.tree.find((item) => item.path === segment && item.type === 'tree');
        if (!entry) return { ok: true, value: {} };
        sha = entry.sha;
      }
      const listing = await tree(sha);
      if (!listing.ok) return failed(`reading the folder ${folder}`, listing);
      const files: Record<string, string> = {};
      const wanted = listing.data.tree.filter((item) => item.type === 'blob');
      // A few blobs at a time: hundreds of unit files in seconds, well within GitHub's limits.
      let failure: { ok: false; message: string; status?: number } | undefined;
      let next = 0;
      const worker = async () => {
        while (!failure && next < wanted.length) {
          const item = wanted[next++]!;
          const text = await blobText(item.sha, `${folder}/${item.path}`);
          if (!text.ok) {
            failure = text;
            return;
          }
        }
      };
      await Promise.all(Array.from({ length: BLOB_READS_AT_ONCE }, worker));
      if (failure) return failure;
      for (const item of wanted) files[item.path] = blobs.get(item.sha)!;
      return { ok: true, value: files };
    },
    async readFile(rootTree: string, path: string): Promise<GitResult<string | undefined>> {
      const segments = path.split('/').filter(Boolean);
      let sha = rootTree;
      for (const [index, segment] of segments.entries()) {
        const answer = await tree(sha);
        if (!answer.ok) return failed(`reading ${path}`, answer);
        const last = index === segments.length - 1;
        const entry = answer.data.tree.find((item) => item.path === segment && item.type === (last ? 'blob' : 'tree'));
        if (!entry) return { ok: true, value: undefined };
        sha = entry.sha;
      }
      return blobText(sha, path);
    },
  };
}

/** The branch's head commit and a view of its files, without committing anything. */
export async function readHead(client: GitHubClient, repository: string, branch: string): Promise<GitResult<HeadView>> {
  const base = repositoryPath(repository);
  if (!base) return { ok: false, message: `"${repository}" is not a repository written owner/name` };
  const reader = repositoryReader(client, base);
  const head = await reader.head(branch);
  if (!head.ok) return head;
  return {
    ok: true,
    value: {
      commit: head.value.commit,
      readFolder: (folder) => reader.readFolder(head.value.tree, folder),
      readFile: (path) => reader.readFile(head.value.tree, path),
    },
  };
}

/**
 * Commits what `draft` answers on the branch's head, as one commit, retried on a newer head.
 * Answers the new commit's SHA, or none when `draft` found nothing to commit.
 */
export async function commitOnHead(
  client: GitHubClient,
  repository: string,
  draft: (head: HeadView) => Promise<CommitDraft | { fail: string }>,
  options: CommitOptions,
): Promise<GitResult<{ commit?: string; attempts: number }>> {
  const base = repositoryPath(repository);
  if (!base) return { ok: false, message: `"${repository}" is not a repository written owner/name` };
  const reader = repositoryReader(client, base);
  const attempts = options.attempts ?? COMMIT_ATTEMPTS;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const head = await reader.head(options.branch);
    if (!head.ok) return head;
    const decided = await draft({
      commit: head.value.commit,
      readFolder: (folder) => reader.readFolder(head.value.tree, folder),
      readFile: (path) => reader.readFile(head.value.tree, path),
    });
    if (decided && 'fail' in decided) return { ok: false, message: decided.fail };
    if (!decided || Object.keys(decided.files).length === 0) return { ok: true, value: { attempts: attempt } };

    const tree = await githubRequest<{ sha: string }>(client, `${base}/git/trees`, {
      method: 'POST',
      body: {
        base_tree: head.value.tree,
        tree: Object.entries(decided.files).map(([path, content]) => ({ path, mode: '100644', type: 'blob', content })),
      },
    });
    if (!tree.ok) return failed('writing the tree', tree);
    const commit = await githubRequest<{ sha: string }>(client, `${base}/git/commits`, {
      method: 'POST',
      body: { message: decided.message, tree: tree.data.sha, parents: [head.value.commit] },
    });
    if (!commit.ok) return failed('writing the commit', commit);
    const moved = await githubRequest<RefAnswer>(client, `${base}/git/refs/heads/${encodeURIComponent(options.branch)}`, {
      method: 'PATCH',
      body: { sha: commit.data.sha, force: false },
    });
    if (moved.ok) return { ok: true, value: { commit: commit.data.sha, attempts: attempt } };
    const conflict = moved.kind === 'status' && (moved.status === 409 || (moved.status === 422 && /fast.?forward/i.test(moved.message)));
    if (!conflict) return failed(`moving ${options.branch}`, moved);
  }
  return { ok: false, message: `${options.branch} kept moving: ${attempts} attempts found a newer commit each time` };
}
