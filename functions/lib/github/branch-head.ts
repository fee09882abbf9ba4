import { githubRequest, repositoryPath, type GitHubClient, type GitHubFailure } from './client.ts';

/**
 * The commit a branch is at (GET /repos/{owner}/{repo}/branches/{branch}: `commit.sha`), for the
 * publisher, which deploys only when the deployed commit is not the branch's head.
 */
export async function branchHead(
  client: GitHubClient,
  repository: string,
  branch: string,
): Promise<{ ok: true; sha: string } | GitHubFailure | { ok: false; kind: 'invalid'; message: string }> {
  const repo = repositoryPath(repository);
  if (!repo) return { ok: false, kind: 'invalid', message: `"${repository}" is not a repository written owner/name` };
  const answer = await githubRequest<{ commit?: { sha?: unknown } }>(client, `${repo}/branches/${encodeURIComponent(branch)}`);
  if (!answer.ok) return answer;
  const sha = answer.data.commit?.sha;
  return typeof sha === 'string' && /^[0-9a-f]{40}$/.test(sha)
    ? { ok: true, sha }
    : { ok: false, kind: 'unavailable', message: 'GitHub answered without the branch’s commit' };
}
