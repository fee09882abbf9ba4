import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installCommand, missingLine, osFamily, preflight, REQUIREMENTS } from '../../scripts/preflight.ts';

const root = join(import.meta.dirname, '../..');
const emptyDir = mkdtempSync(join(tmpdir(), 'no-tools-'));

describe('npm test preflight', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('recognises Debian and its derivatives from /etc/os-release', () => {
    expect(osFamily('PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n')).toEqual(['debian']);
    expect(osFamily('ID=ubuntu\nID_LIKE=debian\n')).toEqual(['ubuntu', 'debian']);
    expect(osFamily('ID="fedora"\n')).toEqual(['fedora']);
    expect(osFamily('')).toEqual([]);
  });

  it('names the one command that installs what is missing: apt-get on Debian, with sudo when not root', () => {
    expect(installCommand(REQUIREMENTS, { root: true, apt: true })).toBe(
      'apt-get install -y --no-install-recommends chromium-headless-shell fonts-liberation default-jre-headless',
    );
    expect(installCommand(REQUIREMENTS, { root: false, apt: true })).toBe(
      'sudo apt-get install -y --no-install-recommends chromium-headless-shell fonts-liberation default-jre-headless',
    );
    const java = REQUIREMENTS.filter((r) => r.need === 'java');
    expect(missingLine(java, { root: false, apt: true })).toBe(
      'npm test needs a Java runtime (java, for the W3C HTML checker): install with `sudo apt-get install -y --no-install-recommends default-jre-headless`, then run npm test again.',
    );
    expect(missingLine(java, { root: false, apt: false })).toContain("your system's package manager (Debian's packages: default-jre-headless)");
  });

  it('passes quietly when the tools are there, and checks only what the chosen stages need', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(preflight(new Set(['browser', 'java']))).toBe(true);
    vi.stubEnv('PATH', emptyDir);
    expect(preflight(new Set(['browser']))).toBe(true);
    expect(preflight(new Set())).toBe(true);
    expect([...error.mock.calls, ...log.mock.calls]).toEqual([]);
  });

  it('says what is missing in one line and fails where it cannot install', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubEnv('PATH', emptyDir);
    vi.stubEnv('HEADLESS_CHROMIUM_PATH', join(emptyDir, 'chromium'));
    expect(preflight(new Set(['browser', 'java']), { root: false, apt: true })).toBe(false);
    expect(error.mock.calls).toEqual([
      [
        `npm test needs the tests' browser at HEADLESS_CHROMIUM_PATH (${join(emptyDir, 'chromium')}) and a Java runtime (java, for the W3C HTML checker): install with \`sudo apt-get install -y --no-install-recommends chromium-headless-shell fonts-liberation default-jre-headless\` (or set HEADLESS_CHROMIUM_PATH to a Chromium binary), then run npm test again.`,
      ],
    ]);
  });

  it('stops npm test before any stage, the missing piece being the first line it prints', () => {
    // A browser path set by hand and missing is never "fixed" by installing packages, so this
    // runs the real command without touching the machine.
    const run = spawnSync(process.execPath, ['scripts/test-all.ts', 'check', 'validate'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PATH: emptyDir, HEADLESS_CHROMIUM_PATH: join(emptyDir, 'chromium') },
    });
    expect(run.status).toBe(1);
    const lines = (run.stdout + run.stderr).trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^npm test needs the tests' browser at HEADLESS_CHROMIUM_PATH .* and a Java runtime .*: install with `/);
  });
});
