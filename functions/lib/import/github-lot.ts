import type { GitHubClient } from '../github/client.ts';
import { commitOnHead } from '../github/git-data.ts';
import { SETTINGS_PATH } from './head-settings.ts';
import { summaryLine, countsOf } from './runs.ts';
import type { Plan } from '../../../src/lib/import/reconcile.ts';
import type { LotAccess } from './run.ts';

/** Where the unit files are in the repository. */
export const UNITS_FOLDER = 'data/units';

/**
 * Netlify builds nothing for a commit whose message says so
 * (https://docs.netlify.com/configure-builds/manage-builds/#skip-a-build): the import only
 * commits, and the publisher deploys at the dealer's publishing times within the deploy budget.
 */
export const SKIP_BUILD = '[skip netlify]';

export function commitMessage(plan: Plan): string {
  const counts = countsOf(plan);
  const lines = plan.changes.map((change) => `- ${change.kind} ${change.id}${change.ref ? ` (${change.ref})` : ''}`);
  return `Lot from the dealer's system: ${summaryLine(counts).replace(/^import: /, '')} ${SKIP_BUILD}\n\n${lines.join('\n')}\n`;
}

/**
 * The lot as the repository's data/units/ at the head of the production branch: every change of
 * a run is one commit; a newer head (an editor saved meanwhile) is read again and decided on
 * again, so the editor's fields stay. With `settings` (the text of data/import.json the run read
 * its feed with), the head the commit is built on must still have those settings: a run whose
 * settings changed under it changes nothing and the next run uses the new ones.
 */
export function githubLot(client: GitHubClient, repository: string, branch: string, options: { dryRun?: boolean; settings?: string } = {}): LotAccess {
  return {
    async apply(build) {
      let plan: Plan | undefined;
      const result = await commitOnHead(
        client,
        repository,
        async (head) => {
          if (options.settings !== undefined) {
            const settings = await head.readFile(SETTINGS_PATH);
            if (!settings.ok) return { fail: settings.message };
            if (settings.value !== options.settings)
              return { fail: `${SETTINGS_PATH} changed while the feed was read (now at ${head.commit.slice(0, 7)}): the next run uses the new settings` };
          }
          const folder = await head.readFolder(UNITS_FOLDER);
          if (!folder.ok) return { fail: folder.message };
          const units: Record<string, unknown> = {};
          for (const [name, text] of Object.entries(folder.value)) {
            if (!name.endsWith('.json')) continue;
            try {
              units[name.replace(/\.json$/, '')] = JSON.parse(text);
            } catch {
              return { fail: `${UNITS_FOLDER}/${name} is not valid JSON at ${head.commit.slice(0, 7)}: fix it before importing` };
            }
          }
          plan = build(units);
          if (options.dryRun || plan.outcome !== 'imported') return undefined;
          return {
            files: Object.fromEntries(Object.entries(plan.files).map(([id, text]) => [`${UNITS_FOLDER}/${id}.json`, text])),
            message: commitMessage(plan),
          };
        },
        { branch },
      );
      if (!result.ok) return { ok: false, message: `the lot could not be committed (${result.message})` };
      if (!plan) return { ok: false, message: 'the lot could not be read' };
      return { ok: true, plan, ...(result.value.commit ? { commit: result.value.commit } : {}) };
    },
  };
}
