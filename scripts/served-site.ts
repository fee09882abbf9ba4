import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './free-port.ts';
import { waitFor } from './wait-for.ts';

const root = join(import.meta.dirname, '..');

export interface ServedSite {
  base: string;
  /** Resolves once the site's functions answer (not /api/health: it alarms on leads left waiting in the local store). */
  ready: Promise<void>;
  stop: () => void;
}

/**
 * The built dist/ served as Netlify serves it: `netlify serve --offline` in the `prebuilt`
 * context of netlify.toml (static files, headers, redirects, functions, the image CDN and a
 * local Blobs sandbox, without building again), on free ports. `npm test` serves it once for
 * every stage that needs it; `stop` ends the server and everything it started.
 */
export async function startServedSite(): Promise<ServedSite> {
  const [port, staticPort, functionsPort] = [await freePort(), await freePort(), await freePort()];
  const args = ['serve', '--offline', '--context', 'branch:prebuilt', '--port', port, '--staticServerPort', staticPort, '--functions-port', functionsPort];
  const server = spawn(join(root, 'node_modules', '.bin', 'netlify'), args.map(String), {
    cwd: root,
    env: { ...process.env, BROWSER: 'none', ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
    detached: true,
  });
  let stopped = false;
  const stop = () => {
    if (stopped || !server.pid || server.exitCode !== null) return;
    stopped = true;
    process.kill(-server.pid, 'SIGTERM');
  };
  const base = `http://localhost:${port}`;
  const ready = waitFor(`${base}/api/vehicles`, { server });
  ready.catch(stop);
  return { base, ready, stop };
}

/** The running site BASE_URL names (once it answers), or the built dist/ served for this run. */
export async function servedSite(): Promise<Omit<ServedSite, 'ready'>> {
  const given = process.env.BASE_URL;
  if (given) {
    await waitFor(`${given}/api/vehicles`);
    return { base: given, stop: () => {} };
  }
  const site = await startServedSite();
  await site.ready;
  return site;
}
