import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBuildHook } from '../../functions/lib/publishing/build-hook.ts';
import { buildHookEnv, publishingEnv } from '../../src/lib/settings/publishing.ts';
import { BuildHookStandIn } from './publishing-harness.ts';

/** The build hook client against a stand-in of Netlify's build hook on loopback. */

let hook: BuildHookStandIn;
beforeAll(async () => void (hook = await new BuildHookStandIn().start()));
afterAll(() => hook.stop());

describe('the build hook client', () => {
  it('POSTs to the hook with the deploy’s title', async () => {
    hook.status = 200;
    expect(await callBuildHook(hook.url, 'Publishing time 12:00')).toEqual({ ok: true, status: 200 });
    expect(hook.calls.map((call) => call.title)).toEqual(['Publishing time 12:00']);
  });

  it('answers a refusal, an unreachable hook and a bad URL as values', async () => {
    hook.status = 404;
    expect(await callBuildHook(hook.url, 'x')).toEqual({ ok: false, reason: 'the build hook answered 404' });
    expect(await callBuildHook('http://127.0.0.1:1/build_hooks/x', 'x')).toEqual({ ok: false, reason: 'the build hook could not be reached' });
    expect(await callBuildHook('nope', 'x')).toEqual({ ok: false, reason: 'the build hook URL is not a URL' });
  });

  it('names a malformed BUILD_HOOK_URL, and asks for nothing without one', () => {
    expect(buildHookEnv({ BUILD_HOOK_URL: 'api.netlify.com/build_hooks/x' })).toEqual({
      ok: false,
      error: 'BUILD_HOOK_URL must be the build hook URL, e.g. https://api.netlify.com/build_hooks/…',
    });
    expect(buildHookEnv({ BUILD_HOOK_URL: 'http://api.netlify.com/build_hooks/x' })).toEqual({ ok: false, error: 'BUILD_HOOK_URL must be an https:// URL' });
    expect(publishingEnv({})).toEqual({ ok: true, config: null, why: 'BUILD_HOOK_URL is not set' });
    expect(publishingEnv({ BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/x', ADMIN_REPO: 'a/b' })).toEqual({
      ok: true,
      config: { hookUrl: 'https://api.netlify.com/build_hooks/x', github: null, repository: 'a/b', branch: 'main' },
    });
  });
});
