import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import dailyRebuild, { config, triggerRebuild } from '../../functions/daily-rebuild.ts';
import { buildHookEnv } from '../../functions/lib/env.ts';
import { scheduledInvocation } from '../../functions/lib/invocation-guard.ts';

/** A local stand-in for Netlify's build hook endpoint that records each request. */
const calls: { method: string; url: string }[] = [];
let answer = 200;
const server = createServer((request: IncomingMessage, response) => {
  calls.push({ method: request.method ?? '', url: request.url ?? '' });
  request.resume();
  response.writeHead(answer).end();
});
let hook = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/build_hooks/abc123`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the daily rebuild (docs/product.md §Units)', () => {
  it('runs once a day', () => {
    expect(config.schedule).toBe('@daily');
  });

  it('POSTs to the build hook in BUILD_HOOK_URL', async () => {
    calls.length = 0;
    answer = 200;
    vi.stubEnv('BUILD_HOOK_URL', hook);
    try {
      const response = await dailyRebuild(scheduledInvocation());
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'triggered', httpStatus: 200 });
    } finally {
      vi.unstubAllEnvs();
    }
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toMatch(/^\/build_hooks\/abc123\?trigger_title=Daily\+rebuild/);
  });

  it('does nothing when BUILD_HOOK_URL is not set', async () => {
    calls.length = 0;
    vi.stubEnv('BUILD_HOOK_URL', '');
    try {
      expect(await (await dailyRebuild(scheduledInvocation())).json()).toEqual({ status: 'skipped', reason: 'BUILD_HOOK_URL is not set' });
    } finally {
      vi.unstubAllEnvs();
    }
    expect(calls).toHaveLength(0);
  });

  it('names a malformed BUILD_HOOK_URL and a hook that refuses, without throwing', async () => {
    expect(buildHookEnv({ BUILD_HOOK_URL: 'api.netlify.com/build_hooks/x' })).toEqual({
      ok: false,
      error: 'BUILD_HOOK_URL must be the build hook URL, e.g. https://api.netlify.com/build_hooks/…',
    });
    expect(buildHookEnv({ BUILD_HOOK_URL: 'http://api.netlify.com/build_hooks/x' })).toEqual({ ok: false, error: 'BUILD_HOOK_URL must be an https:// URL' });
    expect(await triggerRebuild(buildHookEnv({ BUILD_HOOK_URL: 'nope' }))).toMatchObject({ status: 'failed' });
    answer = 404;
    expect(await triggerRebuild(buildHookEnv({ BUILD_HOOK_URL: hook }))).toEqual({ status: 'failed', reason: 'the build hook answered 404' });
    expect(await triggerRebuild(buildHookEnv({ BUILD_HOOK_URL: 'http://127.0.0.1:1/build_hooks/x' }))).toEqual({
      status: 'failed',
      reason: 'the build hook could not be reached',
    });
  });
});
