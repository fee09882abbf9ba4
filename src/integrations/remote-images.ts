import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { photoHostsOf, remoteImagePatterns } from '../lib/import/remote-images.ts';
import { UNIT_FILES_MODULE } from './unit-files.ts';

/** Where Netlify reads a build's own configuration (Frameworks API, https://docs.netlify.com/frameworks-api/). */
export const NETLIFY_BUILD_CONFIG = '.netlify/v1/config.json';

/**
 * Writes the image CDN's allow-list of remote photo hosts into the build's Netlify configuration
 * (`images.remote_images`), keeping whatever else that file holds; with no remote photo and no
 * photo host, writes nothing and the site builds as before.
 */
export function writeRemoteImages(root: string, photoHosts: readonly string[], units: readonly unknown[]): string[] {
  const patterns = remoteImagePatterns([...photoHosts, ...photoHostsOf(units)]);
  const target = join(root, NETLIFY_BUILD_CONFIG);
  if (patterns.length === 0 && !existsSync(target)) return patterns;
  const current = existsSync(target) ? (JSON.parse(readFileSync(target, 'utf8')) as Record<string, unknown>) : {};
  const images = { ...((current.images as Record<string, unknown> | undefined) ?? {}), remote_images: patterns };
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify({ ...current, images }, null, 2)}\n`);
  return patterns;
}

/**
 * After the build: the allow-list from data/import.json's photo hosts and the photos of the units
 * as gathered for this build (src/integrations/unit-files.ts).
 */
export default function remoteImages(): AstroIntegration {
  let root = '';
  return {
    name: 'remote-images',
    hooks: {
      'astro:config:setup': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': ({ logger }) => {
        const mapping = JSON.parse(readFileSync(join(root, 'data', 'import.json'), 'utf8')) as { photoHosts?: string[] };
        const units = Object.values(JSON.parse(readFileSync(join(root, UNIT_FILES_MODULE), 'utf8')) as Record<string, unknown>);
        const patterns = writeRemoteImages(root, mapping.photoHosts ?? [], units);
        if (patterns.length > 0) logger.info(`The image CDN may fetch unit photos from: ${patterns.join(', ')}`);
      },
    },
  };
}
