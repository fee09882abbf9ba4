// The leads `netlify serve` stored in its local Blobs sandbox (.netlify/blobs-serve), read
// through the real @netlify/blobs client and a BlobsServer on that directory.
import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { getStore, type Store as Blobs } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import type { Lead } from '../functions/lib/leads/lead.ts';
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
