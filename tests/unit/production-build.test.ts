import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBuild, dealerDataFiles } from '../../src/integrations/production-check.ts';

/**
 * A production deploy that would not work does not go live (docs/go-live.md): the production
 * check runs first in the build, before any page is built.
 */

const root = join(import.meta.dirname, '..', '..');

/** .env.example's values, as an agency that copied it would have them. */
const EXAMPLE_ENV = Object.fromEntries(
  readFileSync(join(root, '.env.example'), 'utf8')
    .split('\n')
    .flatMap((line) => (/^[A-Z][A-Z0-9_]+=/.test(line) ? [[line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]] : [])),
);

function run(command: string, args: string[], env: Record<string, string>): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (status) => resolve({ status, output }));
  });
}

describe('a production build', () => {
  it("of this repository as it is (the sample's data, .env.example's settings) stops before any page is built, one line per problem", async () => {
    // Inside the repository, as every test build is (tests/unit/units-built.ts): a build that went
    // on would keep its prerender chunks beside its output, never in the shared .astro/.
    mkdirSync(join(root, '.generated'), { recursive: true });
    const outDir = mkdtempSync(join(root, '.generated', 'production-build-'));
    rmSync(outDir, { recursive: true });
    try {
      const { status, output } = await run(join(root, 'node_modules', '.bin', 'astro'), ['build', '--outDir', outDir], {
        PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
        HOME: process.env.HOME ?? tmpdir(),
        ASTRO_TELEMETRY_DISABLED: '1',
        ...EXAMPLE_ENV,
        CONTEXT: 'production',
      });
      expect(status, output.slice(-3000)).not.toBe(0);
      expect(output).toContain('A production build is refused: 19 things would not work on the live site (docs/go-live.md).');
      expect(output).toContain('  - RESEND_API_KEY is not set: leads are stored and wait as pending');
      expect(output).toContain('  - LEADS_TO is "sales@example.com": example.com is an example domain that reaches nobody.');
      expect(output).toContain('  - data/dealer.json email is "sales@example.com"');
      expect(output).toContain('  - data/stores/mount-holly.json address.street is "100 High Street": the sample\'s street.');
      // Nothing was built.
      expect(output).not.toMatch(/building client|generating static routes|Building static entrypoints/i);
      expect(existsSync(outDir)).toBe(false);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe('the check of one build', () => {
  const LIVE_ENV = {
    CONTEXT: 'production',
    SITE_URL: 'https://www.burlingtongolfcarts.com',
    RESEND_API_KEY: 're_live_0123456789',
    LEADS_TO: 'sales@burlingtongolfcarts.com',
    LEADS_FROM: 'Website <leads@burlingtongolfcarts.com>',
    HEALTH_TOKEN: 'a'.repeat(48),
    ALERTS_SECRET: 'b'.repeat(44),
    PHOTO_LINK_SECRET: 'c'.repeat(44),
    ADMIN_REPO: 'burlington-golf-carts/website',
    GITHUB_TOKEN: 'github_pat_0123456789',
    BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/65f0c0ffee0123456789abcd',
  };

  /** A copy of the dealer's data files with the dealer's own facts. */
  function liveRoot(): string {
    const dir = mkdtempSync(join(tmpdir(), 'live-data-'));
    mkdirSync(join(dir, 'data', 'stores'), { recursive: true });
    for (const file of dealerDataFiles(root)) {
      const text = JSON.stringify(file.data)
        .replaceAll('www.example.com', 'www.burlingtongolfcarts.com')
        .replaceAll('financing.example.com', 'apply.dealerfinance.com')
        .replaceAll('sales@example.com', 'sales@burlingtongolfcarts.com')
        .replace(/555-01(\d\d)/g, '267-33$1')
        .replace(/55501(\d\d)/g, '26733$1')
        .replaceAll('100 High Street', '1 Mill Street');
      writeFileSync(join(dir, file.path), text);
    }
    return dir;
  }

  const logger = () => {
    const lines: string[] = [];
    return { lines, info: (line: string) => void lines.push(`info ${line}`), warn: (line: string) => void lines.push(`warn ${line}`) };
  };

  it("goes on with the dealer's settings and data, and says so", () => {
    const dir = liveRoot();
    try {
      const log = logger();
      expect(() => checkBuild(LIVE_ENV, dir, log)).not.toThrow();
      expect(log.lines).toEqual(['info The settings and the data are ready for production.']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a required setting left out, and only warns of a wrong optional one', () => {
    const dir = liveRoot();
    try {
      const log = logger();
      expect(() => checkBuild({ ...LIVE_ENV, BUILD_HOOK_URL: '', RECEIPTS: 'yes' }, dir, log)).toThrow(
        /^A production build is refused: 1 thing would not work on the live site \(docs\/go-live\.md\)\.\n {2}- BUILD_HOOK_URL is not set: /,
      );
      expect(log.lines).toEqual([expect.stringMatching(/^warn RECEIPTS must be "on" or "off": the default \(off\) is used\./)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a deploy preview, npm start and the tests build: a wrong setting is a warning, and one line counts what production would refuse', () => {
    for (const context of ['deploy-preview', 'branch-deploy', undefined]) {
      const log = logger();
      expect(() => checkBuild({ ...EXAMPLE_ENV, ...(context ? { CONTEXT: context } : {}), LEADS_TO: 'sales at the dealer' }, root, log)).not.toThrow();
      expect(log.lines).toEqual([
        expect.stringMatching(/^warn LEADS_TO must be a comma-separated list of e-mail addresses\. Set it in Netlify/),
        'info A production build would refuse 19 setting(s) or placeholder(s): CONTEXT=production npm run build lists them.',
      ]);
    }
  });
});
