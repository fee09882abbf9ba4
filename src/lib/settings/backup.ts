import { z } from 'zod';
import { check, issueLine, processEnv, setting, type Env, type SettingIssue } from './read.ts';

/**
 * The nightly backup's settings (functions/lib/leads/backup.ts, docs/operations.md §The dealer's
 * archive): a bucket of the dealer's on any storage that speaks S3. Off while none is set; once
 * one is, the address, the bucket and the key are needed, and a missing or wrong one is named
 * (the job logs it, /api/health lists it as a problem). The region and the folder have defaults.
 */

export const BACKUP_VARIABLES = [
  'BACKUP_S3_ENDPOINT',
  'BACKUP_S3_BUCKET',
  'BACKUP_S3_ACCESS_KEY_ID',
  'BACKUP_S3_SECRET_ACCESS_KEY',
  'BACKUP_S3_REGION',
  'BACKUP_S3_PREFIX',
] as const;

type BackupVariable = (typeof BACKUP_VARIABLES)[number];

const ENDPOINT = 'must be the storage’s https address';
const BUCKET = 'must be a bucket name';

const SCHEMAS: Record<BackupVariable, z.ZodType<string>> = {
  BACKUP_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: ENDPOINT }),
  BACKUP_S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, BUCKET),
  BACKUP_S3_ACCESS_KEY_ID: z.string(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string(),
  BACKUP_S3_REGION: z.string().regex(/^[a-z0-9-]{2,32}$/, 'must be a region such as us-east-1 (R2: auto)'),
  BACKUP_S3_PREFIX: z.string().regex(/^[\w./-]{0,200}$/, 'may hold letters, digits and . _ - / only'),
};

/** What a needed setting that is missing is told; the region and the folder fall back to their defaults. */
const MISSING: Partial<Record<BackupVariable, string>> = {
  BACKUP_S3_ENDPOINT: ENDPOINT,
  BACKUP_S3_BUCKET: BUCKET,
  BACKUP_S3_ACCESS_KEY_ID: 'is required',
  BACKUP_S3_SECRET_ACCESS_KEY: 'is required',
};

const DEFAULTS: Partial<Record<BackupVariable, string>> = { BACKUP_S3_REGION: 'us-east-1', BACKUP_S3_PREFIX: 'leads-archive/' };

export interface BackupSettings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  prefix: string;
}

type Checked = { state: 'off' } | { state: 'invalid'; issue: SettingIssue } | { state: 'on'; settings: BackupSettings };

function checkBackup(env: Env): Checked {
  if (BACKUP_VARIABLES.every((name) => setting(env, name) === undefined)) return { state: 'off' };
  const values = {} as Record<BackupVariable, string>;
  for (const name of BACKUP_VARIABLES) {
    const checked = check(env, name, SCHEMAS[name]);
    if (!checked.ok) return { state: 'invalid', issue: checked.issue };
    const value = checked.value ?? DEFAULTS[name];
    const missing = MISSING[name];
    if (value === undefined) return { state: 'invalid', issue: { name, problem: missing ?? 'is required' } };
    values[name] = value;
  }
  return {
    state: 'on',
    settings: {
      endpoint: values.BACKUP_S3_ENDPOINT.replace(/\/+$/, ''),
      bucket: values.BACKUP_S3_BUCKET,
      accessKeyId: values.BACKUP_S3_ACCESS_KEY_ID,
      secretAccessKey: values.BACKUP_S3_SECRET_ACCESS_KEY,
      region: values.BACKUP_S3_REGION,
      prefix: values.BACKUP_S3_PREFIX,
    },
  };
}

export type BackupEnv = { state: 'off' } | { state: 'invalid'; error: string } | { state: 'on'; settings: BackupSettings };

/** The backup's settings: off when none is set, invalid (naming the variable) when some are missing or wrong. */
export function backupEnv(env: Env = processEnv()): BackupEnv {
  const checked = checkBackup(env);
  return checked.state === 'invalid' ? { state: 'invalid', error: issueLine(checked.issue) } : checked;
}

/** What is wrong with the backup's settings, for the settings' report (production.ts); none while it is off. */
export function backupIssues(env: Env = processEnv()): SettingIssue[] {
  const checked = checkBackup(env);
  return checked.state === 'invalid' ? [checked.issue] : [];
}
