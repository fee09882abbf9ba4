// `npm run doctor -- <site URL>`: checks a live site end to end (docs/operations.md §npm run doctor),
// one line per check, pass or fail, and for a failure what to do:
//
//   home page      the page answers and its canonical link names the host it answers at
//   health         /api/health with HEALTH_TOKEN: the site knows the token, and no lead waits too long
//   push           whether the staff's devices get notifications (VAPID_* set and right), as /api/health says
//   resend key     RESEND_API_KEY works (Resend's GET /domains)
//   resend domain  LEADS_FROM's domain is verified at Resend
//   github token   GITHUB_TOKEN works, and when it expires
//   github access  the repository exists, its branch too, and the token may write its contents (the
//                  publisher and the import commit there): it makes one unreferenced blob, nothing else
//   build hook     BUILD_HOOK_URL is a Netlify build hook; checked by its form only, as a call would
//                  start a production deploy and spend the month's deploy budget
//   test lead      a lead through the real /api/contact, marked as a test (X-Lead-Test with the
//                  HEALTH_TOKEN: the dealer's e-mail says so, the visitor gets no receipt), followed
//                  through /api/health until its e-mail is sent (at most --wait seconds, 120)
//
// The last line is `doctor: N checks, N failed`; the exit code 1 on any failure. Settings come from
// the environment (HEALTH_TOKEN, RESEND_API_KEY, LEADS_FROM, GITHUB_TOKEN, GITHUB_REPOSITORY or
// ADMIN_REPO, GITHUB_BRANCH, BUILD_HOOK_URL) or from flags (--health-token, --resend-key, --from,
// --github-token, --repo, --branch, --build-hook); --no-lead leaves the test lead out. Secrets are
// never printed.
import { parseArgs } from 'node:util';
import { Resend } from 'resend';
import { githubRequest, repositoryPath, type GitHubClient } from '../functions/lib/github/client.ts';
import { TEST_LEAD } from '../functions/lib/leads/lead.ts';
import { doctorEnv } from '../src/lib/settings/machine.ts';
import { issueLine, processEnv, type Env } from '../src/lib/settings/read.ts';

export interface DoctorSettings {
  site: string;
  healthToken?: string;
  resendKey?: string;
  /** LEADS_FROM: "Name <address>" or an address; its domain must be verified at Resend. */
  from?: string;
  githubToken?: string;
  repository?: string;
  branch?: string;
  buildHook?: string;
  /** Another Resend or GitHub API address (the tests' stand-ins). */
  resendBaseUrl?: string;
  githubApiUrl?: string;
  /** Send the test lead (default true). */
  lead?: boolean;
  /** How long to follow the test lead, and how often to ask. */
  waitMs?: number;
  pollMs?: number;
}

export interface CheckResult {
  name: string;
  ok: boolean;
  /** What was found. */
  detail: string;
  /** What to do about a failure. */
  fix?: string;
}

/** A token expiring within this long fails the check: time to make the next one. */
export const EXPIRY_WARNING_DAYS = 14;
const PLACEHOLDER_HOST = 'www.example.com';
const TIMEOUT_MS = 15_000;

const pass = (name: string, detail: string): CheckResult => ({ name, ok: true, detail });
const fail = (name: string, detail: string, fix: string): CheckResult => ({ name, ok: false, detail, fix });

const siteUrl = (settings: DoctorSettings, path: string) => new URL(path, settings.site).href;

async function homePage(settings: DoctorSettings): Promise<CheckResult> {
  const name = 'home page';
  let response: Response;
  try {
    response = await fetch(settings.site, { redirect: 'follow', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    return fail(name, `${settings.site} does not answer`, "Check the domain's DNS records point at Netlify (docs/go-live.md) and the site is published.");
  }
  if (response.status !== 200)
    return fail(name, `${settings.site} answered ${response.status}`, 'Open the site in a browser and check the latest deploy in Netlify (Deploys).');
  const html = await response.text();
  const href = /<link\b[^>]*\brel=["']?canonical["']?[^>]*>/i.exec(html)?.[0].match(/\bhref=["']([^"']+)["']/i)?.[1];
  if (!href || !URL.canParse(href))
    return fail(name, 'the home page has no canonical link', 'Deploy the site from this repository: every page names its canonical address.');
  const answered = new URL(response.url || settings.site);
  const canonical = new URL(href);
  if (canonical.host === PLACEHOLDER_HOST)
    return fail(
      name,
      `the canonical link names ${canonical.origin}, the placeholder`,
      `Set SITE_URL to ${answered.origin} in Netlify (Site configuration → Environment variables, Builds scope) and deploy again.`,
    );
  if (canonical.host !== answered.host)
    return fail(
      name,
      `the site answers at ${answered.host} but its canonical link names ${canonical.host}`,
      `Make ${canonical.host} the primary domain in Netlify (Domain management), or set SITE_URL to ${answered.origin} and deploy again.`,
    );
  if (canonical.protocol !== 'https:' && !['localhost', '127.0.0.1', '[::1]'].includes(canonical.hostname))
    return fail(name, `the canonical link is ${canonical.origin}, not https`, `Set SITE_URL to https://${canonical.host} and deploy again.`);
  return pass(name, `${answered.origin} answers, canonical host ${canonical.host}`);
}

async function health(settings: DoctorSettings): Promise<CheckResult> {
  const name = 'health';
  if (!settings.healthToken) return fail(name, 'no HEALTH_TOKEN given', 'Set HEALTH_TOKEN (the value in Netlify) in the environment or pass --health-token.');
  let response: Response;
  try {
    response = await fetch(siteUrl(settings, '/api/health'), {
      headers: { Authorization: `Bearer ${settings.healthToken}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return fail(name, '/api/health does not answer', 'Check the functions of the latest deploy in Netlify (Logs → Functions → health).');
  }
  const body = (await response.json().catch(() => ({}))) as { ok?: boolean; problem?: string; leads?: { pending?: number } };
  if (response.status === 503)
    return fail(name, `/api/health answers 503: ${body.problem ?? 'not ok'}`, 'Read the function log (Logs → Functions) and docs/operations.md §The alarm.');
  if (response.status !== 200)
    return fail(name, `/api/health answered ${response.status}`, 'Check the latest deploy in Netlify (Deploys) and its function log.');
  if (!body.leads)
    return fail(
      name,
      '/api/health does not know this HEALTH_TOKEN (it answered {ok} alone)',
      'Set the same HEALTH_TOKEN here and in Netlify (Functions scope, at least 24 characters), then deploy again.',
    );
  return pass(name, `ok, ${body.leads.pending ?? 0} lead(s) waiting for their e-mail`);
}

type PushState = { state?: string; devices?: number | null; reason?: string; wrong?: boolean };

/** Push to the staff's devices, as /api/health reports it: off is no failure (e-mail carries every lead), a wrong VAPID setting is. */
async function push(settings: DoctorSettings): Promise<CheckResult> {
  const name = 'push';
  if (!settings.healthToken) return fail(name, 'not asked without HEALTH_TOKEN', 'Set HEALTH_TOKEN in the environment or pass --health-token.');
  const body = await fetch(siteUrl(settings, '/api/health'), {
    headers: { Authorization: `Bearer ${settings.healthToken}` },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
    .then((response) => response.json() as Promise<{ push?: PushState }>)
    .catch(() => null);
  const state = body?.push;
  if (!state)
    return fail(
      name,
      'unknown: /api/health did not answer it to this HEALTH_TOKEN',
      'Fix the health check above first (the same HEALTH_TOKEN here and in Netlify).',
    );
  if (state.state === 'on') return pass(name, `on, ${state.devices ?? 'an unknown number of'} device(s) get new leads`);
  if (state.wrong)
    return fail(
      name,
      `off: ${state.reason ?? 'a VAPID setting is wrong'}`,
      'Set the three VAPID settings as docs/go-live.md says (npx web-push generate-vapid-keys), or none.',
    );
  return pass(name, `off (${state.reason ?? 'VAPID settings not set'}): new leads and reminders go by e-mail alone`);
}

/** The domain of LEADS_FROM ("Dealer <leads@dealer.com>" → dealer.com). */
export function senderDomain(from: string | undefined): string | undefined {
  const address = /<([^<>]+)>\s*$/.exec(from ?? '')?.[1] ?? from ?? '';
  return /@([^@\s>]+)$/.exec(address.trim())?.[1]?.toLowerCase();
}

async function resendChecks(settings: DoctorSettings): Promise<CheckResult[]> {
  const key = 'resend key';
  const domain = 'resend domain';
  if (!settings.resendKey) {
    const fix = 'Set RESEND_API_KEY (the value in Netlify) in the environment or pass --resend-key.';
    return [fail(key, 'no RESEND_API_KEY given', fix), fail(domain, 'not checked without a key', fix)];
  }
  const resend = new Resend(settings.resendKey, settings.resendBaseUrl ? { baseUrl: settings.resendBaseUrl } : undefined);
  const answer = await resend.domains.list().catch((error: unknown) => ({ data: null, error: { name: 'unreachable', message: String(error) } }));
  const wanted = senderDomain(settings.from);
  if (answer.error) {
    if (answer.error.name === 'restricted_api_key')
      return [
        pass(key, 'the key works (it may only send)'),
        fail(
          domain,
          `a sending-only key cannot read the domains${wanted ? ` (${wanted})` : ''}`,
          `Run the doctor with a full-access key (Resend → API Keys), or check that Resend → Domains shows ${wanted ?? 'the domain'} as Verified.`,
        ),
      ];
    const fix =
      answer.error.name === 'unreachable' || answer.error.name === 'application_error'
        ? 'Resend could not be asked: try again in a minute (status.resend.com).'
        : 'Make a new API key (Resend → API Keys), set RESEND_API_KEY in Netlify (Functions scope) and here, and deploy again.';
    return [fail(key, `Resend refused the key: ${answer.error.message}`, fix), fail(domain, 'not checked without a working key', fix)];
  }
  const domains = answer.data?.data ?? [];
  if (!wanted)
    return [pass(key, 'the key works'), fail(domain, 'no LEADS_FROM given', 'Set LEADS_FROM (the value in Netlify) in the environment or pass --from.')];
  const found = domains.find((candidate) => candidate.name.toLowerCase() === wanted);
  if (!found)
    return [
      pass(key, 'the key works'),
      fail(domain, `${wanted} is not a domain of this Resend account`, `Add ${wanted} in Resend → Domains and put the DNS records it lists at your DNS host.`),
    ];
  if (found.status !== 'verified')
    return [
      pass(key, 'the key works'),
      fail(
        domain,
        `${wanted} is "${found.status}" at Resend`,
        `Put the SPF and DKIM records Resend → Domains → ${wanted} lists at your DNS host, then press Verify there.`,
      ),
    ];
  return [pass(key, 'the key works'), pass(domain, `${wanted} is verified`)];
}

/** GitHub's `github-authentication-token-expiration` ("2026-09-01 12:00:00 UTC") as a time, or null. */
export function tokenExpiry(header: string | null): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})\s*(UTC|Z|[+-]\d{2}:?\d{2})?$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const zone = !match[3] || match[3] === 'UTC' || match[3] === 'Z' ? 'Z' : match[3].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const at = Date.parse(`${match[1]}T${match[2]}${zone}`);
  return Number.isFinite(at) ? at : null;
}

async function githubChecks(settings: DoctorSettings, now: number): Promise<CheckResult[]> {
  const token = 'github token';
  const access = 'github access';
  if (!settings.githubToken) {
    const fix = 'Set GITHUB_TOKEN (the value in Netlify) in the environment or pass --github-token.';
    return [fail(token, 'no GITHUB_TOKEN given', fix), fail(access, 'not checked without a token', fix)];
  }
  const client: GitHubClient = { token: settings.githubToken, ...(settings.githubApiUrl ? { baseUrl: settings.githubApiUrl } : {}) };
  const user = await githubRequest<{ login?: string }>(client, '/user');
  if (!user.ok) {
    const fix =
      user.kind === 'unavailable'
        ? 'GitHub could not be asked: try again in a minute (githubstatus.com).'
        : 'Make a new fine-grained token (GitHub → Settings → Developer settings) with Contents: Read and write on the repository, set GITHUB_TOKEN in Netlify and here, and deploy again.';
    return [fail(token, `GitHub refused the token: ${user.message}`, fix), fail(access, 'not checked without a working token', fix)];
  }
  const expires = tokenExpiry(user.headers.get('github-authentication-token-expiration'));
  const login = user.data.login ?? 'an account';
  const day = (at: number) => new Date(at).toISOString().slice(0, 10);
  const tokenResult =
    expires === null
      ? pass(token, `works as ${login}; does not expire`)
      : expires - now < EXPIRY_WARNING_DAYS * 86_400_000
        ? fail(
            token,
            `works as ${login} but expires on ${day(expires)}`,
            'Make the next token now (GitHub → Settings → Developer settings), set GITHUB_TOKEN in Netlify and here, and deploy again.',
          )
        : pass(token, `works as ${login}; expires on ${day(expires)}`);

  const repository = settings.repository ?? '';
  const path = repositoryPath(repository);
  if (!path)
    return [
      tokenResult,
      fail(
        access,
        repository ? `"${repository}" is not an owner/name` : 'no repository given',
        'Set GITHUB_REPOSITORY (owner/name) in the environment or pass --repo.',
      ),
    ];
  const repo = await githubRequest<{ permissions?: { push?: boolean }; default_branch?: string }>(client, path);
  if (!repo.ok)
    return [
      tokenResult,
      fail(
        access,
        repo.kind === 'status' && (repo.status === 404 || repo.status === 403) ? `${repository} does not exist or this token cannot see it` : repo.message,
        `Check the repository's name, and give the token access to ${repository} (fine-grained token: Repository access).`,
      ),
    ];
  const branch = settings.branch ?? 'main';
  const head = await githubRequest(client, `${path}/branches/${encodeURIComponent(branch)}`);
  if (!head.ok)
    return [
      tokenResult,
      fail(access, `${repository} has no branch "${branch}"`, 'Set GITHUB_BRANCH to the branch Netlify deploys (Site configuration → Build & deploy).'),
    ];
  // Contents: write, as the publisher and the import need it: one blob nothing refers to (GitHub drops it).
  const blob = await githubRequest(client, `${path}/git/blobs`, { method: 'POST', body: { content: 'npm run doctor: write check', encoding: 'utf-8' } });
  if (!blob.ok)
    return [
      tokenResult,
      fail(
        access,
        `the token may not write ${repository}'s contents (${blob.message})`,
        'Give the token Contents: Read and write (fine-grained) or the repo scope (classic): the publisher and the import commit there.',
      ),
    ];
  return [tokenResult, pass(access, `${repository}@${branch} exists and the token may write its contents`)];
}

function buildHook(settings: DoctorSettings): CheckResult {
  const name = 'build hook';
  const hook = settings.buildHook?.trim();
  if (!hook)
    return fail(
      name,
      'no BUILD_HOOK_URL given',
      'Add a build hook (Site configuration → Build & deploy → Build hooks) and set BUILD_HOOK_URL in Netlify and here.',
    );
  if (!/^https:\/\/api\.netlify\.com\/build_hooks\/[0-9a-f]{24}$/.test(hook))
    return fail(
      name,
      'BUILD_HOOK_URL is not a Netlify build hook address',
      'Copy the address Netlify shows under Build hooks: https://api.netlify.com/build_hooks/<id>.',
    );
  return pass(name, 'a Netlify build hook (checked by its form only: calling it would start a production deploy)');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function testLead(settings: DoctorSettings): Promise<CheckResult> {
  const name = 'test lead';
  if (!settings.healthToken)
    return fail(name, 'not sent without HEALTH_TOKEN (it marks the lead as a test)', 'Set HEALTH_TOKEN in the environment or pass --health-token.');
  const host = new URL(settings.site).hostname;
  let response: Response;
  try {
    response = await fetch(siteUrl(settings, '/api/contact'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${settings.healthToken}`, [TEST_LEAD.header]: TEST_LEAD.value },
      body: JSON.stringify({
        firstName: 'Doctor',
        lastName: 'Test',
        // An address of the site's own domain (an IP address or a one-word host is no e-mail domain).
        email: `doctor-test@${/^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(host) ? host : 'example.com'}`,
        phone: '(609) 555-0100',
        interest: 'general',
        message: 'A test lead from npm run doctor: it checks that a lead reaches the dealer. Nobody is waiting for an answer.',
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return fail(name, '/api/contact does not answer', 'Check the functions of the latest deploy in Netlify (Logs → Functions → contact).');
  }
  const body = (await response.json().catch(() => ({}))) as { id?: string; error?: string };
  if (response.status === 403)
    return fail(name, 'the site refused the test lead: it does not know this HEALTH_TOKEN', 'Set the same HEALTH_TOKEN here and in Netlify.');
  if (response.status !== 200 || !body.id)
    return fail(name, `/api/contact answered ${response.status}${body.error ? `: ${body.error}` : ''}`, 'Read the function log (Logs → Functions → contact).');
  const deadline = Date.now() + (settings.waitMs ?? 120_000);
  type LeadState = { status?: string; attempts?: number; lastError?: string };
  let last: LeadState | null = null;
  for (;;) {
    const answer = await fetch(siteUrl(settings, `/api/health?lead=${encodeURIComponent(body.id)}`), {
      headers: { Authorization: `Bearer ${settings.healthToken}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).catch(() => null);
    const state: { lead?: LeadState | null } = answer ? ((await answer.json().catch(() => ({}))) as { lead?: LeadState | null }) : {};
    last = state.lead ?? last;
    if (last?.status === 'sent') return pass(name, `lead ${body.id} was filed and its e-mail sent (marked as a test)`);
    if (Date.now() >= deadline) break;
    await sleep(settings.pollMs ?? 2_000);
  }
  return fail(
    name,
    `lead ${body.id} was filed, but its e-mail was not sent within ${Math.round((settings.waitMs ?? 120_000) / 1000)} s${last?.lastError ? `: ${last.lastError}` : ''}`,
    'Check RESEND_API_KEY, LEADS_TO and LEADS_FROM in Netlify (Functions scope) and the function log; the retry job sends it once they are right.',
  );
}

/** Runs every check in order, each line printed as it is known. */
export async function runDoctor(settings: DoctorSettings, print: (line: string) => void = console.log, now = Date.now()): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const report = (result: CheckResult) => {
    results.push(result);
    print(`${result.ok ? 'pass' : 'fail'}  ${result.name}: ${result.detail}${result.fix ? ` → ${result.fix}` : ''}`);
  };
  report(await homePage(settings));
  report(await health(settings));
  report(await push(settings));
  for (const result of await resendChecks(settings)) report(result);
  for (const result of await githubChecks(settings, now)) report(result);
  report(buildHook(settings));
  if (settings.lead !== false) report(await testLead(settings));
  print(`doctor: ${results.length} checks, ${results.filter((result) => !result.ok).length} failed`);
  return results;
}

/** The settings from the flags, else the environment (src/lib/settings/machine.ts). */
export function doctorSettings(args: string[], env: Env = processEnv()): DoctorSettings | string {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'health-token': { type: 'string' },
      'resend-key': { type: 'string' },
      from: { type: 'string' },
      'github-token': { type: 'string' },
      repo: { type: 'string' },
      branch: { type: 'string' },
      'build-hook': { type: 'string' },
      wait: { type: 'string' },
      'no-lead': { type: 'boolean', default: false },
    },
  });
  const site = positionals[0];
  if (!site || !URL.canParse(site) || !/^https?:$/.test(new URL(site).protocol))
    return 'Usage: npm run doctor -- https://www.your-dealer.com [--no-lead] [--wait <seconds>]';
  const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  const wait = values.wait === undefined ? undefined : Number(values.wait);
  if (wait !== undefined && !(wait > 0 && wait <= 900)) return '--wait must be a number of seconds from 1 to 900';
  const found = doctorEnv(env);
  const repository = blank(values.repo);
  const branch = blank(values.branch);
  // A repository or branch given as a flag stands; one of the environment must be one.
  const issues = found.issues.filter((issue) => (/REPO/.test(issue.name) ? !repository : !branch));
  if (issues.length > 0) return `${issues.map(issueLine).join('; ')} (or name them with --repo and --branch)`;
  return {
    site: new URL(site).origin,
    healthToken: blank(values['health-token']) ?? found.healthToken,
    resendKey: blank(values['resend-key']) ?? found.resendKey,
    from: blank(values.from) ?? found.from,
    githubToken: blank(values['github-token']) ?? found.githubToken,
    repository: repository ?? found.repository,
    branch: branch ?? found.branch,
    buildHook: blank(values['build-hook']) ?? found.buildHook,
    resendBaseUrl: found.resendBaseUrl,
    githubApiUrl: found.githubApiUrl,
    lead: !values['no-lead'],
    ...(wait !== undefined ? { waitMs: wait * 1000 } : {}),
  };
}

/** Every secret of the settings replaced by "[hidden]" in a line. */
export function hideSecrets(line: string, settings: DoctorSettings): string {
  let out = line;
  for (const secret of [settings.healthToken, settings.resendKey, settings.githubToken, settings.buildHook?.split('/').pop()]) {
    if (secret && secret.length >= 4) out = out.split(secret).join('[hidden]');
  }
  return out;
}

if (import.meta.main) {
  const settings = doctorSettings(process.argv.slice(2));
  if (typeof settings === 'string') {
    console.error(settings);
    process.exitCode = 2;
  } else {
    const results = await runDoctor(settings, (line) => console.log(hideSecrets(line, settings)));
    process.exitCode = results.some((result) => !result.ok) ? 1 : 0;
  }
}
