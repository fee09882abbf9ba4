import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './free-port.ts';
import { waitFor } from './wait-for.ts';
import { tool } from '../src/lib/settings/tools.ts';

const root = join(import.meta.dirname, '..');

/**
 * Node's options for `netlify serve`: room for long response headers. Netlify's function runtime
 * adds a line to `x-nf-fetch-timing` for every fetch a function makes (each Blobs read one), and
 * the local server's proxy refused answers whose headers passed Node's 16 KB ("Header overflow",
 * a 500 "Could not proxy request"): the CSV export of a day of about 100 leads made 200 reads.
 * 256 KB is room for some 3,000 fetches (docs/decisions/netlify-serve-locally.md).
 */
export const SERVE_NODE_OPTIONS = '--max-http-header-size=262144';

export interface ServedSite {
  base: string;
  /** The server's process id; it leads a process group of everything it started (its functions included). */
  pid: number | undefined;
  /** Resolves once the site's functions answer (not /api/health: it alarms on leads left waiting in the local store). */
  ready: Promise<void>;
  /** Resolves with the server's exit code once it has stopped, however it stopped. */
  exited: Promise<number>;
  /** Stops the server and everything it started; resolves once it has exited. */
  stop: () => Promise<number>;
}

/**
 * A built dist/ served as Netlify serves it: `netlify serve --offline` in the `prebuilt` context
 * of netlify.toml (static files, headers, redirects, functions, the image CDN and a local Blobs
 * sandbox, without building again). The site's own build by default, or a copy of the site
 * (`dir`, scripts/copy-site.ts); on free ports unless `ports` are given. `npm test` serves the
 * build once for every stage that needs it.
 */
export async function startServedSite({
  dir = root,
  ports,
}: { dir?: string; ports?: { port: number; static: number; functions: number } } = {}): Promise<ServedSite> {
  const { port, static: staticPort, functions } = ports ?? { port: await freePort(), static: await freePort(), functions: await freePort() };
  const args = ['serve', '--offline', '--context', 'branch:prebuilt', '--port', port, '--staticServerPort', staticPort, '--functions-port', functions];
  const server = spawn(join(root, 'node_modules', '.bin', 'netlify'), args.map(String), {
    cwd: dir,
    env: {
      ...process.env,
      BROWSER: 'none',
      ASTRO_TELEMETRY_DISABLED: '1',
      NODE_OPTIONS: SERVE_NODE_OPTIONS,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<number>((resolve) => server.once('exit', (code) => resolve(code ?? 0)));
  const stop = () => {
    if (server.pid && server.exitCode === null && server.signalCode === null) process.kill(-server.pid, 'SIGTERM');
    return exited;
  };
  const base = `http://localhost:${port}`;
  const ready = waitFor(`${base}/api/vehicles`, { server });
  ready.catch(stop);
  return { base, pid: server.pid, ready, exited, stop };
}

/** The running site BASE_URL names (once it answers), or the site's build served for this run. */
export async function servedSite(): Promise<Pick<ServedSite, 'base' | 'pid' | 'stop'>> {
  const given = tool('BASE_URL');
  if (given) {
    await waitFor(`${given}/api/vehicles`);
    return { base: given, pid: undefined, stop: async () => 0 };
  }
  const site = await startServedSite();
  await site.ready;
  return site;
}
