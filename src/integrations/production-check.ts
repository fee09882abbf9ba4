import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { isProduction } from '../lib/settings/platform.ts';
import { productionCheck, settingsReport, type DataFile, type SettingsReport } from '../lib/settings/production.ts';
import { processEnv, type Env } from '../lib/settings/read.ts';

/**
 * A production deploy that would not work does not go live (docs/go-live.md): in a production
 * build (CONTEXT=production, as Netlify sets it), before any page is built, the settings and the
 * dealer's data are checked (src/lib/settings/production.ts), and the build stops with one line
 * per problem. Netlify keeps the last good deploy live; a failed build spends no deploy.
 *
 * Any other build (a deploy preview, a branch deploy, `npm run build`, `npm start`, the tests)
 * goes on: it names a wrong setting as a warning, and says in one line how many problems a
 * production build would refuse.
 */

/** The dealer's data files the check reads: the business, its stores, and who gets the publishing notice. */
export function dealerDataFiles(root: string): DataFile[] {
  const read = (path: string): DataFile => ({ path, data: JSON.parse(readFileSync(join(root, path), 'utf8')) as unknown });
  const stores = existsSync(join(root, 'data', 'stores'))
    ? readdirSync(join(root, 'data', 'stores'))
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => `data/stores/${name}`)
    : [];
  return ['data/dealer.json', ...stores, 'data/publishing.json'].filter((path) => existsSync(join(root, path))).map(read);
}

/** The refusal, one line per problem. */
export function refusal(report: SettingsReport): string {
  const count = report.problems.length;
  return [
    `A production build is refused: ${count} ${count === 1 ? 'thing' : 'things'} would not work on the live site (docs/go-live.md).`,
    ...report.problems.map((problem) => `  - ${problem}`),
  ].join('\n');
}

export interface CheckLogger {
  info(message: string): void;
  warn(message: string): void;
}

/** The check of one build; throws the refusal in production. */
export function checkBuild(env: Env, root: string, logger: CheckLogger): void {
  if (isProduction(env)) {
    const report = productionCheck(env, dealerDataFiles(root));
    for (const warning of report.warnings) logger.warn(warning);
    if (report.problems.length > 0) {
      // The lines are the message: no stack trace of this module under them.
      const error = new Error(refusal(report));
      error.stack = error.message;
      throw error;
    }
    logger.info('The settings and the data are ready for production.');
    return;
  }
  const files = dealerDataFiles(root);
  const website = (files.find((file) => file.path === 'data/dealer.json')?.data as { website?: string } | undefined)?.website ?? '';
  const report = settingsReport(env, { production: false, website });
  for (const line of [...report.problems, ...report.warnings]) logger.warn(line);
  const refused = productionCheck(env, files).problems.length;
  if (refused > 0) logger.info(`A production build would refuse ${refused} setting(s) or placeholder(s): CONTEXT=production npm run build lists them.`);
}

export default function productionCheckIntegration(): AstroIntegration {
  return {
    name: 'production-check',
    hooks: {
      'astro:config:setup': ({ command, config, logger }) => {
        if (command !== 'build') return;
        checkBuild(processEnv(), fileURLToPath(config.root), logger);
      },
    },
  };
}
