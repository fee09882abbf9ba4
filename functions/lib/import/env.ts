import { z } from 'zod';

/**
 * What the scheduled import needs from the environment (listed in .env.example): a GitHub token
 * that may write the site's repository, the repository and branch the site is built from (else
 * ADMIN_REPO and ADMIN_BRANCH, like the publisher), and the
 * DMS's API key when the feed is a DMS. Checked by zod on first use, with a per-field error.
 */
const blankIsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const schema = z.object({
  GITHUB_TOKEN: z.preprocess(blankIsUnset, z.string({ error: 'is required for the scheduled import' }).trim()),
  GITHUB_REPOSITORY: z.preprocess(
    blankIsUnset,
    z
      .string({ error: 'is required for the scheduled import' })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,38}\/[A-Za-z0-9._-]{1,100}$/, 'must be the repository written owner/name'),
  ),
  GITHUB_BRANCH: z.preprocess(blankIsUnset, z.string().trim().min(1).default('main')),
  /** Another GitHub API address (a stand-in on loopback in tests). */
  GITHUB_API_URL: z.preprocess(blankIsUnset, z.url({ protocol: /^https?$/ }).optional()),
  IMPORT_DMS_TOKEN: z.preprocess(blankIsUnset, z.string().trim().optional()),
});

export type ImportEnv = { ok: true; value: z.infer<typeof schema> } | { ok: false; error: string };

export function importEnv(source: Record<string, string | undefined> = process.env): ImportEnv {
  // The repository and branch fall back to the admin's, as the publisher's do (lib/publishing/env.ts).
  const parsed = schema.safeParse({
    ...source,
    GITHUB_REPOSITORY: source.GITHUB_REPOSITORY?.trim() || source.ADMIN_REPO,
    GITHUB_BRANCH: source.GITHUB_BRANCH?.trim() || source.ADMIN_BRANCH,
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ') };
}
