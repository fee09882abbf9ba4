/**
 * The client of a Netlify build hook (Site configuration → Build & deploy → Build hooks): a POST
 * to its URL starts a production build of the hook's branch. `trigger_title` names the deploy in
 * Netlify's deploy list. Netlify answers 200 with an empty body; failures come back as values.
 * Tests point the URL at a stand-in on loopback.
 */

export const BUILD_HOOK_TIMEOUT_MS = 10_000;

export type BuildHookResult = { ok: true; status: number } | { ok: false; reason: string };

export async function callBuildHook(hookUrl: string, title: string, options: { timeoutMs?: number; fetch?: typeof fetch } = {}): Promise<BuildHookResult> {
  if (!URL.canParse(hookUrl)) return { ok: false, reason: 'the build hook URL is not a URL' };
  const url = new URL(hookUrl);
  url.searchParams.set('trigger_title', title);
  try {
    const response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? BUILD_HOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.ok ? { ok: true, status: response.status } : { ok: false, reason: `the build hook answered ${response.status}` };
  } catch (error) {
    return {
      ok: false,
      reason: error instanceof Error && error.name === 'TimeoutError' ? 'the build hook did not answer in time' : 'the build hook could not be reached',
    };
  }
}
