import type { z } from 'zod';
import { cmsConfig, type DataSchema } from './cms-config.ts';
import { dealer } from '../data/dealer.ts';
import { stores } from '../data/stores.ts';

// Every data/schemas/<name>.ts with a `schema` export is a data file of the admin, found here
// rather than listed, so a data file added later appears in the admin by itself
// (docs/decisions/admin-from-schemas.md). A folder data/<name>/ makes it a folder collection.
const modules = import.meta.glob<{ schema?: z.ZodType }>('../../../data/schemas/*.ts', { eager: true });
const folders = new Set(
  Object.keys(import.meta.glob('../../../data/*/*.json'))
    .map((path) => path.split('/').at(-2) ?? '')
    .filter((name) => name !== 'schemas'),
);

/** The data files the admin edits, each with its schema. */
export const adminSchemas: DataSchema[] = Object.entries(modules).flatMap(([path, module]) => {
  const name = /([^/]+)\.ts$/.exec(path)?.[1] ?? '';
  return module.schema ? [{ name, schema: module.schema, folder: folders.has(name) }] : [];
});

/** "https://github.com/owner/name(.git)" or "git@github.com:owner/name.git" (Netlify's REPOSITORY_URL) → "owner/name". */
export function repoOf(url: string | undefined): string | undefined {
  const match = /github\.com[/:]([^/]+\/[^/]+?)(?:\.git)?\/?$/.exec(url ?? '');
  return match?.[1];
}

/**
 * The admin's configuration. The repository comes from ADMIN_REPO, else from the REPOSITORY_URL
 * Netlify sets while it builds; the branch from ADMIN_BRANCH (default main), docs/editors.md §Admin.
 */
export const adminConfig = cmsConfig(adminSchemas, {
  repo: process.env.ADMIN_REPO || repoOf(process.env.REPOSITORY_URL) || 'your-account/your-site',
  branch: process.env.ADMIN_BRANCH || 'main',
  siteUrl: process.env.SITE_URL || dealer.website,
  storeCount: stores.length,
});
