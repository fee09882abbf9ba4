/**
 * What `npm test` needs from the machine besides node_modules, checked before any stage runs
 * (docs/decisions/system-tools-for-tests.md): a headless Chromium for the browser stages and a
 * Java runtime for the W3C Nu Html Checker. Neither ships inside an npm package that works here,
 * so they come from the system: as root on Debian (apt-get) the missing packages are installed
 * with one line saying which and why; elsewhere the first line printed names what is missing and
 * the one command that installs it, and the run stops. `npm start` and `npm install` never run it.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { headlessChromiumPath } from './chromium.ts';
import { tool } from '../src/lib/settings/tools.ts';

/** A system tool a stage needs. */
export type Need = 'browser' | 'java';

export interface Requirement {
  need: Need;
  /** What it is, for the line that names it. */
  what: () => string;
  /** The Debian packages that provide it. */
  packages: readonly string[];
  present: () => boolean;
}

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The Java on the PATH answers `java -version` (vnu.jar runs on `java`, scripts/validators/html.ts). */
const javaRuns = () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;

export const REQUIREMENTS: readonly Requirement[] = [
  {
    need: 'browser',
    what: () =>
      tool('HEADLESS_CHROMIUM_PATH')
        ? `the tests' browser at HEADLESS_CHROMIUM_PATH (${tool('HEADLESS_CHROMIUM_PATH')})`
        : "Chromium's headless shell (/usr/bin/chromium-headless-shell, the tests' browser)",
    // fonts-liberation: the metric-compatible Arial and Helvetica of the site's font stack, which
    // Debian's Chromium only recommends.
    packages: ['chromium-headless-shell', 'fonts-liberation'],
    present: () => executable(headlessChromiumPath()),
  },
  {
    need: 'java',
    what: () => 'a Java runtime (java, for the W3C HTML checker)',
    packages: ['default-jre-headless'],
    present: javaRuns,
  },
];

/** The machine's /etc/os-release ID and ID_LIKE words, lower case; empty where there is none. */
export function osFamily(osRelease: string): string[] {
  const words: string[] = [];
  for (const line of osRelease.split('\n')) {
    const match = /^(ID|ID_LIKE)=("?)([^"]*)\2$/.exec(line.trim());
    if (match?.[3]) words.push(...match[3].toLowerCase().split(/\s+/));
  }
  return words;
}

export interface Machine {
  root: boolean;
  /** Debian or a derivative, with apt-get on the PATH. */
  apt: boolean;
}

export function thisMachine(): Machine {
  let osRelease = '';
  try {
    osRelease = readFileSync('/etc/os-release', 'utf8');
  } catch {
    // not Linux, or a minimal one: no package manager we know
  }
  const debian = osFamily(osRelease).some((word) => word === 'debian' || word === 'ubuntu');
  const apt = debian && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  return { root: process.getuid?.() === 0, apt };
}

/** The one command that installs the packages of the missing requirements on this machine. */
export function installCommand(missing: readonly Requirement[], machine: Machine): string {
  const packages = missing.flatMap((r) => r.packages).join(' ');
  if (machine.apt) return `${machine.root ? '' : 'sudo '}apt-get install -y --no-install-recommends ${packages}`;
  return `your system's package manager (Debian's packages: ${packages})`;
}

/** The line that names what is missing and how to install it: the first thing `npm test` prints. */
export function missingLine(missing: readonly Requirement[], machine: Machine): string {
  const what = missing.map((r) => r.what()).join(' and ');
  const overrides = missing.some((r) => r.need === 'browser') ? ' (or set HEADLESS_CHROMIUM_PATH to a Chromium binary)' : '';
  return `npm test needs ${what}: install with \`${installCommand(missing, machine)}\`${overrides}, then run npm test again.`;
}

/**
 * Checks the requirements of the given needs; installs the missing ones as root on Debian.
 * Returns true when everything is there.
 */
export function preflight(needs: ReadonlySet<Need>, machine: Machine = thisMachine()): boolean {
  let missing = REQUIREMENTS.filter((r) => needs.has(r.need) && !r.present());
  if (missing.length === 0) return true;
  // An explicit HEADLESS_CHROMIUM_PATH that is not there is a mistake to fix, not a package to install.
  const canInstall = machine.root && machine.apt && !(tool('HEADLESS_CHROMIUM_PATH') && missing.some((r) => r.need === 'browser'));
  if (canInstall) {
    const packages = missing.flatMap((r) => r.packages);
    console.log(`Installing ${missing.map((r) => r.what()).join(' and ')} with apt-get (${packages.join(', ')}; once, a few minutes)`);
    const started = performance.now();
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', '--no-install-recommends', ...packages],
    ]) {
      const result = spawnSync('apt-get', args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      if (result.status !== 0) {
        console.error(`apt-get ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
        break;
      }
    }
    missing = missing.filter((r) => !r.present());
    if (missing.length === 0) {
      console.log(`Installed in ${Math.round((performance.now() - started) / 1000)} s.`);
      return true;
    }
  }
  console.error(missingLine(missing, machine));
  return false;
}
