import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Finding, SitemapPage } from './pages.ts';

/** The Nu Html Checker (vnu.jar of the vnu-jar package), run on the Java of the machine. */
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: 'warning' | 'fatal' | 'io' | 'schema' | 'internal';
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

/** Runs vnu.jar once over the given files and returns its JSON messages. */
function runVnu(files: readonly string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    // vnu exits 1 when it finds errors; its report is on stderr either way.
    execFile('java', ['-jar', VNU_JAR, '--format', 'json', '--skip-non-html', ...files], { maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      try {
        resolve((JSON.parse(stderr) as { messages: VnuMessage[] }).messages);
      } catch {
        reject(new Error(`The Nu Html Checker did not report (is Java installed? apt-get install default-jre-headless): ${error?.message ?? stderr}`));
      }
    });
  });
}

/**
 * CSS the checker's CSS grammar predates, in the stylesheet Tailwind writes and the build inlines
 * (docs/speed.md): `@property` (CSS Properties and Values API 1, in every current browser),
 * `margin-trim` inside Tailwind's `@supports` test for browsers without `@property`, and a custom
 * property named in `transition-property` (CSS Transitions allows any custom property). Only these
 * exact messages are set aside, and only about CSS; every other CSS or HTML message is a finding
 * (docs/decisions/standard-validators.md).
 */
export const OUTDATED_CSS_GRAMMAR: readonly RegExp[] = [
  /^CSS: Unrecognized at-rule “@property”/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.$/,
  /^CSS: “transition-property”: “--[\w-]+” is not a “transition-property” value\.$/,
];

/**
 * The checker reads each page as a file, which has no origin, so a page's own style policy
 * (`style-src 'self' …`, docs/decisions/first-flight-pages.md) can never match the site's
 * stylesheet for it. Only that message, about the site's own built stylesheet, is set aside;
 * browsers enforce the policy in every end-to-end test, where a violation fails the test.
 */
export const FILE_HAS_NO_ORIGIN: readonly RegExp[] = [
  /^Resource violates Content Security Policy \(meta tag\): external stylesheet “\/_astro\/[\w.-]+\.css” blocked by “style-src” directive\.$/,
];

/**
 * The W3C Nu Html Checker over every page, in one Java start. Errors and warnings are findings;
 * its "info" notes (e.g. the trailing slash React prints on void elements) are not.
 */
export async function checkHtml(
  pages: readonly SitemapPage[],
): Promise<{ errors: Finding[]; warnings: Finding[]; infos: number; outdatedCss: number; noOrigin: number }> {
  const byFile = new Map(pages.map((page) => [page.file, page.path]));
  const messages = await runVnu(pages.map((page) => page.file));
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  let infos = 0;
  let outdatedCss = 0;
  let noOrigin = 0;
  for (const message of messages) {
    if (FILE_HAS_NO_ORIGIN.some((pattern) => pattern.test(message.message))) {
      noOrigin++;
      continue;
    }
    if (OUTDATED_CSS_GRAMMAR.some((pattern) => pattern.test(message.message))) {
      outdatedCss++;
      continue;
    }
    const file = message.url ? decodeURIComponent(new URL(message.url).pathname) : '';
    const finding: Finding = {
      path: byFile.get(file) ?? file,
      where: message.lastLine === undefined ? undefined : `${message.lastLine}:${message.firstColumn ?? message.lastColumn}`,
      message: `${message.message}${message.extract ? ` [${message.extract.replace(/\s+/g, ' ').trim()}]` : ''}`,
    };
    if (message.type === 'info') {
      if (message.subType === 'warning') warnings.push(finding);
      else infos++;
    } else errors.push(finding);
  }
  return { errors, warnings, infos, outdatedCss, noOrigin };
}
