import { LOOPBACK_HOSTS, processEnv, setting, type Env } from './read.ts';

/**
 * What Netlify and netlify-cli say about where the code runs (variables they set; never the
 * dealer's): the deploy's context and addresses, and the one answer to "is this a run on this
 * machine?" (docs/operations.md §What each function trusts).
 */

export { LOOPBACK_HOSTS };

/** The addresses of this machine as a connection's client address. */
export const LOOPBACK_ADDRESSES: ReadonlySet<string> = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export const isLoopbackHost = (hostname: string) => LOOPBACK_HOSTS.has(hostname);
export const isLoopbackAddress = (ip: string | null | undefined) => LOOPBACK_ADDRESSES.has(ip ?? '');

/** The runtime's word on the deploy a function runs in (Netlify's Context, or a test's). */
export interface RuntimeDeploy {
  context?: string;
  id?: string;
}

const DEPLOY_CONTEXTS = new Set(['production', 'deploy-preview', 'branch-deploy']);
/** Variables only a deploy on Netlify sets. */
const DEPLOY_MARKERS = ['SITE_ID', 'SITE_NAME'] as const;

/**
 * Whether this runs under `netlify serve` / `netlify dev` on this machine (npm start). They set
 * NETLIFY_LOCAL=true, URL to the loopback address they serve on, the deploy id "0" and the
 * context "dev"; a deploy sets none of that. Every sign must agree: anything else, or anything
 * unknown, is a deploy, so the local conveniences (the local sign-in, jobs started by hand) can
 * never open on the site.
 */
export function runsLocally(env: Env = processEnv(), deploy?: RuntimeDeploy): boolean {
  if (setting(env, 'NETLIFY_LOCAL') !== 'true') return false;
  if (DEPLOY_MARKERS.some((name) => setting(env, name))) return false;
  const id = setting(env, 'DEPLOY_ID');
  if (id && id !== '0') return false;
  const context = setting(env, 'CONTEXT');
  if (context && DEPLOY_CONTEXTS.has(context)) return false;
  const url = setting(env, 'URL');
  if (url && !(URL.canParse(url) && isLoopbackHost(new URL(url).hostname))) return false;
  return !deploy || (deploy.context === 'dev' && (!deploy.id || deploy.id === '0'));
}

/** The context of this build or deploy: production, deploy-preview, branch-deploy, dev…; undefined outside Netlify. */
export function deployContext(env: Env = processEnv(), deploy?: RuntimeDeploy): string | undefined {
  return deploy?.context ?? setting(env, 'CONTEXT');
}

/**
 * The origins `netlify serve` (`npm start`) answers on: each loopback name with the port it
 * serves on (it sets URL to `http://localhost:<port>`). None on a deploy, whose URL is the
 * site's https address (functions/lib/http/origin.ts addressedToLoopback).
 */
export function loopbackOrigins(env: Env = processEnv()): string[] {
  const url = setting(env, 'URL');
  if (!url || !URL.canParse(url)) return [];
  const served = new URL(url);
  if (served.protocol !== 'http:' || !isLoopbackHost(served.hostname)) return [];
  return [...LOOPBACK_HOSTS].map((name) => new URL(`http://${name}${served.port ? `:${served.port}` : ''}`).origin);
}

/** A production build or deploy on Netlify (CONTEXT=production, as Netlify sets it). */
export function isProduction(env: Env = processEnv(), deploy?: RuntimeDeploy): boolean {
  return deployContext(env, deploy) === 'production';
}

/** The deploy's own addresses: DEPLOY_URL, DEPLOY_PRIME_URL and the site's URL (`netlify serve`: its loopback address). */
export function deployAddresses(env: Env = processEnv()): string[] {
  return (['DEPLOY_URL', 'DEPLOY_PRIME_URL', 'URL'] as const).flatMap((name) => setting(env, name) ?? []);
}

/** What a data-mistake e-mail names of the build: the deploy's log and the commit. */
export function buildFacts(env: Env = processEnv()): { deployId?: string; siteName?: string; commit?: string } {
  const deployId = setting(env, 'DEPLOY_ID');
  const siteName = setting(env, 'SITE_NAME');
  const commit = setting(env, 'COMMIT_REF');
  return { ...(deployId ? { deployId } : {}), ...(siteName ? { siteName } : {}), ...(commit ? { commit } : {}) };
}
