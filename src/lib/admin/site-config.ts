import type { z } from 'zod';
import { cmsConfig, type DataSchema } from './cms-config.ts';
import { stores } from '../data/stores.ts';
import { githubSettings } from '../settings/github.ts';
import { siteUrl } from '../data/site-url.ts';

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

const github = githubSettings();

/**
 * The admin's configuration: the site's repository and branch as the functions read them
 * (src/lib/settings/github.ts: ADMIN_REPO or GITHUB_REPOSITORY, else the REPOSITORY_URL Netlify
 * sets while it builds; ADMIN_BRANCH or GITHUB_BRANCH, else main), docs/editors.md §Admin. With
 * none (a local build) the admin names a placeholder, which a production build refuses.
 */
export const adminConfig = cmsConfig(adminSchemas, {
  repo: github.repository ?? 'your-account/your-site',
  branch: github.branch,
  siteUrl: siteUrl(),
  storeCount: stores.length,
});
