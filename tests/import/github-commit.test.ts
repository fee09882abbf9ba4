import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spreadsheetFeed } from '../../functions/lib/import/feed.ts';
import { githubLot } from '../../functions/lib/import/github-lot.ts';
import { runImport } from '../../functions/lib/import/run.ts';
import { growLot } from '../../scripts/grow-lot.ts';
import { GitHubStandIn } from '../support/github.ts';
import { brandNames, csvOf, HEADER, lotFiles, lotRows, mappingWith, models, projectRoot } from './lot-feed.ts';

let github: GitHubStandIn | undefined;
afterEach(async () => {
  await github?.stop();
  github = undefined;
});
/** The stand-in's requests as "METHOD path". */
const calls = () => github!.requests.map((request) => `${request.method} ${request.path}`);
const startGitHub = (files: Record<string, string>) => new GitHubStandIn('dealer/site', files).start();

const mapping = mappingWith();
const now = new Date('2026-11-26T15:00:00Z');

/** The repository as the stand-in holds it: the unit files (and one other file, untouched). */
function repository(units: Record<string, Record<string, unknown>> = lotFiles()): Record<string, string> {
  return {
    'README.md': '# Dealer site\n',
    ...Object.fromEntries(Object.entries(units).map(([id, unit]) => [`data/units/${id}.json`, `${JSON.stringify(unit, null, 2)}\n`])),
  };
}

async function importFrom(rows: string[][]) {
  const feed = await spreadsheetFeed(new TextEncoder().encode(csvOf([HEADER, ...rows])), mapping);
  return runImport({
    mapping,
    feed,
    lot: githubLot({ token: github!.token, baseUrl: github!.url }, 'dealer/site', 'main'),
    source: 'test sheet',
    models,
    brandNames,
    now,
    today: '2026-11-26',
  });
}

const withPrice = (rows: string[][], stock: string, price: string) =>
  rows.map((cells) => (cells[0] === stock ? [...cells.slice(0, 7), price, cells[8]!] : cells));

describe('the import commits through the Git Data API', () => {
  it('commits every change as one commit on the head, which tells Netlify not to build', async () => {
    github = await startGitHub(repository());
    const before = github.head();
    const { run } = await importFrom(withPrice(withPrice(lotRows(), 'BGC-25088U', '$13,000'), lotRows()[3]![0]!, '$9,999'));
    expect(run).toMatchObject({ outcome: 'imported', counts: { changed: 2, unchanged: 14 } });
    expect(github.log()).toHaveLength(2);
    expect(github.log()[0]).toMatch(/^Lot from the dealer's system: added 0, changed 2, sold 0, restored 0, unchanged 14, rejected 0 \[skip netlify\]/);
    expect(run.commit).toBe(github.head());
    expect(github.head()).not.toBe(before);
    expect(JSON.parse(github.files()['data/units/denago-ev-rover-xl-2025.json']!).price).toBe(13000);
    expect(github.files()['README.md']).toBe('# Dealer site\n');
  });

  it('makes no commit when nothing changed', async () => {
    github = await startGitHub(repository());
    const { run } = await importFrom(lotRows());
    expect(run).toMatchObject({ outcome: 'imported', counts: { unchanged: 16 } });
    expect(run.commit).toBeUndefined();
    expect(github.log()).toHaveLength(1);
    expect(calls().filter((request) => request.startsWith('POST') || request.startsWith('PATCH'))).toEqual([]);
  });

  it("starts over on the new head when an editor committed meanwhile, keeping the editor's change", async () => {
    github = await startGitHub(repository());
    const path = 'data/units/denago-ev-rover-xl-2025.json';
    github.beforeNextRefUpdate = () => {
      const unit = JSON.parse(github!.files()[path]!) as Record<string, unknown>;
      github!.commitAs('An editor rewrites the description', { [path]: `${JSON.stringify({ ...unit, description: 'Written by the editor.' }, null, 2)}\n` });
    };
    const { run } = await importFrom(withPrice(lotRows(), 'BGC-25088U', '$13,000'));
    expect(run.outcome).toBe('imported');
    expect(github.log().map((message) => message.split('\n')[0])).toEqual([
      "Lot from the dealer's system: added 0, changed 1, sold 0, restored 0, unchanged 15, rejected 0 [skip netlify]",
      'An editor rewrites the description',
      'Initial',
    ]);
    expect(JSON.parse(github.files()[path]!)).toMatchObject({ price: 13000, description: 'Written by the editor.' });
    expect(calls().filter((request) => request.startsWith('PATCH'))).toHaveLength(2);
    // The second attempt reads again only the file the editor changed.
    expect(calls().filter((request) => request.includes('/git/blobs/'))).toHaveLength(Object.keys(lotFiles()).length + 1);
  });

  it('imports a lot of 300 units in one commit', async () => {
    const site = mkdtempSync(join(tmpdir(), 'import-300-'));
    try {
      cpSync(join(projectRoot, 'data', 'units'), join(site, 'data', 'units'), { recursive: true });
      growLot(site, 300);
      const folder = join(site, 'data', 'units');
      const units = Object.fromEntries(
        readdirSync(folder).map((name) => [name.replace(/\.json$/, ''), JSON.parse(readFileSync(join(folder, name), 'utf8')) as Record<string, unknown>]),
      );
      github = await startGitHub(repository(units));
      const rows = lotRows(units).map((cells) => [...cells.slice(0, 7), '$7,777.00', '']);
      expect(rows).toHaveLength(300);
      const { run } = await importFrom(rows);
      expect(run.counts).toMatchObject({ changed: 300, rejected: 0 });
      expect(github.log()).toHaveLength(2);
      expect(calls().filter((request) => request.startsWith('POST') && request.endsWith('/git/commits'))).toHaveLength(1);
      expect(Object.entries(github.files()).filter(([path, text]) => path.startsWith('data/units/') && JSON.parse(text).price === 7777)).toHaveLength(300);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('records a failure and commits nothing when GitHub refuses the token', async () => {
    github = await startGitHub(repository());
    const feed = await spreadsheetFeed(new TextEncoder().encode(csvOf([HEADER, ...lotRows()])), mapping);
    const { run } = await runImport({
      mapping,
      feed,
      lot: githubLot({ token: 'wrong', baseUrl: github.url }, 'dealer/site', 'main'),
      source: 'test sheet',
      models,
      brandNames,
      now,
      today: '2026-11-26',
    });
    expect(run).toMatchObject({ outcome: 'failed', reason: 'the lot could not be committed (reading the branch main: Bad credentials)' });
    expect(github.log()).toHaveLength(1);
  });
});
