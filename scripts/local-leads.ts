// The leads `netlify serve` stored in its local Blobs sandbox (.netlify/blobs-serve), read
// through the real @netlify/blobs client and a BlobsServer on that directory.
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import { getStore, type Store as Blobs } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { ALERTS_BLOBS } from '../functions/lib/alerts/blobs.ts';
import type { Lead } from '../functions/lib/leads/lead.ts';
import { ArchiveError } from '../functions/lib/leads/archive.ts';
import { allLeads, spamCount, LEADS_BLOBS } from '../functions/lib/leads/blobs.ts';

export const projectRoot = join(import.meta.dirname, '..');

/** Where netlify-cli keeps the local Blobs sandbox (see netlify-cli lib/blobs/blobs.js). */
export function sandboxDirectory(root = projectRoot): string {
  return join(root, '.netlify', 'blobs-serve');
}

/** Site ids with data in the sandbox: "unlinked" until the folder is linked to a Netlify site. */
function sites(directory: string): string[] {
  const entries = join(directory, 'entries');
  return existsSync(entries) ? readdirSync(entries) : [];
}

export interface LocalLeads {
  directory: string;
  leads: Lead[];
  spam: number;
}

export interface LocalBlobs {
  directory: string;
  /** The named store (the leads store unless told) of each site in the sandbox (usually one). */
  stores: Blobs[];
  stop: () => Promise<void>;
}

/** The leads stores (or the stores named `name`) of a sandbox directory, through a BlobsServer on it (stop it when done). */
export async function openLocalBlobs(directory: string, name = LEADS_BLOBS): Promise<LocalBlobs> {
  const siteIds = sites(directory);
  if (siteIds.length === 0) return { directory, stores: [], stop: async () => {} };
  const token = crypto.randomUUID();
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  const stores = siteIds.map((siteID) => getStore({ name, siteID, token, edgeURL: url, uncachedEdgeURL: url, consistency: 'strong' }));
  return { directory, stores, stop: () => server.stop() };
}

/** The site netlify-cli keeps a folder's Blobs under until the folder is linked to a Netlify site. */
export const UNLINKED_SITE = 'unlinked';

export interface LocalSites {
  directory: string;
  /** The leads and alerts blobs of each site in the sandbox (usually one; an empty sandbox: the unlinked site's). */
  sites: { siteID: string; leads: Blobs; alerts: Blobs }[];
  stop: () => Promise<void>;
}

/** The leads and alerts stores of each site of a sandbox directory, through a BlobsServer on it (stop it when done). */
export async function openLocalSites(directory: string): Promise<LocalSites> {
  const siteIds = sites(directory);
  const token = crypto.randomUUID();
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  const blobs = (name: string, siteID: string) => getStore({ name, siteID, token, edgeURL: url, uncachedEdgeURL: url, consistency: 'strong' });
  return {
    directory,
    sites: (siteIds.length > 0 ? siteIds : [UNLINKED_SITE]).map((siteID) => ({
      siteID,
      leads: blobs(LEADS_BLOBS, siteID),
      alerts: blobs(ALERTS_BLOBS, siteID),
    })),
    stop: () => server.stop(),
  };
}

export async function readLocalLeads(root = projectRoot): Promise<LocalLeads> {
  const { directory, stores, stop } = await openLocalBlobs(sandboxDirectory(root));
  const result: LocalLeads = { directory, leads: [], spam: 0 };
  try {
    for (const store of stores) {
      result.leads.push(...(await allLeads(store)));
      result.spam += await spamCount(store);
    }
  } finally {
    await stop();
  }
  result.leads.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
  return result;
}

/** Forgets the local rate-limit windows of a store (every local request comes from the same address). */
export async function clearLocalRateLimits(root = projectRoot, name = LEADS_BLOBS): Promise<void> {
  const directory = sandboxDirectory(root);
  for (const siteID of sites(directory)) {
    for (const part of ['entries', 'metadata']) {
      await rm(join(directory, part, siteID, `site:${name}`, 'rate'), { recursive: true, force: true });
    }
  }
}

/** The lines of an archive file, gzip-compressed or not (a damaged file: ArchiveError). */
export async function* archiveFileLines(path: string): AsyncGenerator<string> {
  const head = Buffer.alloc(2);
  const file = await open(path);
  await file.read(head, 0, 2, 0).finally(() => file.close());
  const raw = createReadStream(path);
  const input = head[0] === 0x1f && head[1] === 0x8b ? raw.pipe(createGunzip()) : raw;
  raw.on('error', (error) => input.destroy(error));
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let rest = '';
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      const text = rest + decoder.decode(chunk, { stream: true });
      const lines = text.split('\n');
      rest = lines.pop() ?? '';
      yield* lines;
    }
    rest += decoder.decode();
  } catch (error) {
    throw new ArchiveError(`The file is damaged: ${error instanceof Error ? error.message : String(error)}.`);
  }
  if (rest) yield rest;
}
