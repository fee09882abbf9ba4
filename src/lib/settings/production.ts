import { alertsEnv } from './alerts.ts';
import { pushSettings } from './push.ts';
import { backupIssues } from './backup.ts';
import { githubSettings } from './github.ts';
import { healthSettings } from './health.ts';
import { dataErrorsTo, leadsEnv, mailQuota, settleMs } from './mail.ts';
import { photoLinkEnv } from './photos.ts';
import { buildHookEnv } from './publishing.ts';
import { issueLine, setting, type Env, type SettingIssue } from './read.ts';
import { siteAddress } from './site.ts';
import { VARIABLE_NAMES, VARIABLES, whereToSet, type Variable } from './variables.ts';

/**
 * Whether the settings and the dealer's data would make a working site (docs/go-live.md): what a
 * production build refuses (src/integrations/production-check.ts, before any page is built) and
 * what /api/health reports at run time.
 *
 * - A setting that is wrong (set, but not valid) is a problem wherever it is read.
 * - In production, a required setting that is missing, or a setting or data file that still holds
 *   the sample's placeholders (example.com addresses, 555-01xx numbers, the sample street, the
 *   sample repository), is a problem too: the site would look live and answer nobody.
 * - An optional setting that is wrong falls back to its default: a warning, never a refusal.
 *
 * One line per problem: what, what is wrong, and where to set it.
 */

export interface SettingsReport {
  problems: string[];
  warnings: string[];
}

/** A JSON data file of the dealer's, by its path in the repository (data/dealer.json, data/stores/<slug>.json). */
export interface DataFile {
  path: string;
  data: unknown;
}

/** Hosts reserved for examples (RFC 2606): an address on them reaches nobody. */
const EXAMPLE_HOST = /(?:^|[^a-z0-9-])((?:[a-z0-9-]+\.)*(?:example\.(?:com|net|org)|[a-z0-9-]+\.(?:example|invalid)))(?![a-z0-9-])/i;
/** The sample's street (data/stores/mount-holly.json as shipped). */
export const SAMPLE_STREET = '100 High Street';
/** The sample's repository (.env.example). */
const SAMPLE_REPOSITORY = 'your-account/your-site';

/** What makes a value a placeholder of the sample, or null. */
export function placeholderIn(value: string): string | null {
  const host = EXAMPLE_HOST.exec(value)?.[1];
  if (host) return `${host} is an example domain that reaches nobody`;
  const digits = value.replace(/\D/g, '');
  if (/^[+\d\s().-]{10,}$/.test(value) && /^1?\d{3}55501\d{2}$/.test(digits)) return 'a 555-01xx number, reserved for fiction';
  if (value.trim().toLowerCase() === SAMPLE_STREET.toLowerCase()) return "the sample's street";
  if (value.trim().toLowerCase() === SAMPLE_REPOSITORY) return "the sample's repository";
  return null;
}

/** Every string of a JSON value with its path (a.b[0].c). */
function strings(value: unknown, path: string): { path: string; value: string }[] {
  if (typeof value === 'string') return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${path}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => (key === '$schema' ? [] : strings(item, path ? `${path}.${key}` : key)));
  return [];
}

/** The placeholders left in the dealer's data files, one line each. */
export function dataPlaceholders(files: readonly DataFile[]): string[] {
  return files.flatMap((file) =>
    strings(file.data, '').flatMap(({ path, value }) => {
      const what = placeholderIn(value);
      return what ? [`${file.path} ${path} is "${value}": ${what}. Change it in the admin (${adminPlace(file.path)}) or in ${file.path}.`] : [];
    }),
  );
}

function adminPlace(path: string): string {
  if (path.startsWith('data/stores/')) return 'Stores';
  if (path === 'data/dealer.json') return 'Settings and page texts → Dealer settings';
  return 'Settings and page texts';
}

const line = (issue: SettingIssue) => `${issueLine(issue)}. Set it in ${whereToSet(issue.name)}.`;

/**
 * The settings' problems and warnings. `production`: also every required setting that is missing
 * and every placeholder left in a setting.
 */
export function settingsReport(env: Env, options: { production: boolean; website: string }): SettingsReport {
  const problems: SettingIssue[] = [];
  const warnings: SettingIssue[] = [];

  const leads = leadsEnv(env);
  warnings.push(...leads.warnings);
  if (!leads.ok) problems.push(...leads.issues);
  const alerts = alertsEnv(env);
  if (alerts.ok) warnings.push(...alerts.warnings);
  else problems.push(...alerts.issues);
  const photos = photoLinkEnv(env);
  if (photos.ok) warnings.push(...photos.warnings);
  else problems.push(...photos.issues);
  const github = githubSettings(env);
  problems.push(...github.issues);
  warnings.push(...github.warnings);
  const hook = buildHookEnv(env);
  if (!hook.ok) problems.push({ name: 'BUILD_HOOK_URL', problem: hook.error.replace(/^BUILD_HOOK_URL /, '') });
  const health = healthSettings(env);
  warnings.push(...health.warnings);
  // A wrong VAPID setting turns push off, nothing more: e-mail carries every lead (push.ts).
  warnings.push(...pushSettings(env).issues);
  problems.push(...backupIssues(env));
  mailQuota(env, warnings);
  siteAddress(env, options.website, warnings);
  dataErrorsTo(env, warnings);
  settleMs(env, warnings);

  if (options.production) {
    // A required setting that is wrong is a problem, not a warning, in production.
    for (const warning of warnings.splice(0)) {
      if ((VARIABLES[warning.name] as Variable).required) problems.push(warning);
      else warnings.push(warning);
    }
    for (const name of VARIABLE_NAMES) {
      const variable: Variable = VARIABLES[name];
      if (!variable.required || setting(env, name) || problems.some((problem) => problem.name === name)) continue;
      if (name === 'ADMIN_REPO' && setting(env, 'GITHUB_REPOSITORY')) continue;
      problems.push({ name, problem: `is not set: ${lowerFirst(variable.without).replace(/\.$/, '')}` });
    }
    for (const name of VARIABLE_NAMES) {
      const value = setting(env, name);
      const variable: Variable = VARIABLES[name];
      const what = value && !variable.secret && variable.readBy !== 'your machine' ? placeholderIn(value) : null;
      if (what && !problems.some((problem) => problem.name === name)) problems.push({ name, problem: `is "${value}": ${what}` });
    }
    if (!setting(env, 'SITE_URL')) {
      const address = siteAddress(env, options.website);
      const what = placeholderIn(address);
      if (what) problems.push({ name: 'SITE_URL', problem: `is not set, and the website of data/dealer.json is "${address}": ${what}` });
    }
  }
  return { problems: unique(problems.map(line)), warnings: unique(warnings.map(line)) };
}

/** What a production build refuses: the settings' problems and the data's placeholders. */
export function productionCheck(env: Env, files: readonly DataFile[]): SettingsReport {
  const dealer = files.find((file) => file.path === 'data/dealer.json')?.data as { website?: unknown } | undefined;
  const website = typeof dealer?.website === 'string' ? dealer.website : '';
  const settings = settingsReport(env, { production: true, website });
  return { problems: [...settings.problems, ...dataPlaceholders(files)], warnings: settings.warnings };
}

const unique = (lines: string[]) => [...new Set(lines)];
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
