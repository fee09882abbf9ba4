import type { Config } from '@netlify/functions';
import { buildHookEnv } from './lib/env.ts';
import { scheduledOnly } from './lib/invocation-guard.ts';

/**
 * Once a day, asks Netlify to rebuild the site through the build hook in BUILD_HOOK_URL, so
 * dates counted at build time move on without an edit: a sold unit's page gives way to its
 * 301 thirty days after the sale, and the feeds and sitemap follow (docs/product.md §Units).
 */

const TIMEOUT_MS = 10_000;

export type RebuildResult = { status: 'skipped'; reason: string } | { status: 'triggered'; httpStatus: number } | { status: 'failed'; reason: string };

export async function triggerRebuild(env = buildHookEnv(), fetchImpl: typeof fetch = fetch): Promise<RebuildResult> {
  if (!env.ok) return { status: 'failed', reason: env.error };
  if (!env.url) return { status: 'skipped', reason: 'BUILD_HOOK_URL is not set' };
  const url = new URL(env.url);
  url.searchParams.set('trigger_title', 'Daily rebuild: unit dates and feeds');
  try {
    const response = await fetchImpl(url, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.ok ? { status: 'triggered', httpStatus: response.status } : { status: 'failed', reason: `the build hook answered ${response.status}` };
  } catch (error) {
    return {
      status: 'failed',
      reason: error instanceof Error && error.name === 'TimeoutError' ? 'the build hook did not answer in time' : 'the build hook could not be reached',
    };
  }
}

export default async function dailyRebuild(request?: Request): Promise<Response> {
  const refused = await scheduledOnly(request);
  if (refused) return refused;
  const result = await triggerRebuild();
  if (result.status === 'failed') console.error(`[rebuild] Daily rebuild not started: ${result.reason}.`);
  else if (result.status === 'skipped') console.info(`[rebuild] Daily rebuild skipped: ${result.reason}.`);
  else console.info('[rebuild] Daily rebuild started.');
  return Response.json(result, { status: result.status === 'failed' ? 502 : 200 });
}

export const config: Config = { schedule: '@daily' };
