import type { ChildProcess } from 'node:child_process';

/**
 * Resolves once `url` answers 200 (a server that is starting), or rejects after `ms`, or as soon
 * as `server`, the process that should answer, has stopped.
 */
export async function waitFor(url: string, { ms = 240_000, server }: { ms?: number; server?: ChildProcess } = {}): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`the server for ${url} stopped (exit ${server.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}
