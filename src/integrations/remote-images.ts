import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { schema as importSchema } from '../../data/schemas/import.ts';
import { remoteImagePatterns } from '../lib/import/remote-images.ts';

/** Where Netlify reads a build's own configuration (Frameworks API, https://docs.netlify.com/frameworks-api/). */
export const NETLIFY_BUILD_CONFIG = '.netlify/v1/config.json';

/**
 * Writes the image CDN's allow-list of remote photo hosts into the build's Netlify configuration
 * (`images.remote_images`), keeping whatever else that file holds: the hosts the dealer lists in
 * the import settings and no other (a unit photo on another host fails the build, in
 * src/lib/data/vehicles.ts). With no photo host, writes nothing and the site builds as before.
 */
export function writeRemoteImages(root: string, photoHosts: readonly string[]): string[] {
  const patterns = remoteImagePatterns(photoHosts);
  const target = join(root, NETLIFY_BUILD_CONFIG);
  if (patterns.length === 0 && !existsSync(target)) return patterns;
  const current = existsSync(target) ? (JSON.parse(readFileSync(target, 'utf8')) as Record<string, unknown>) : {};
  const images = { ...((current.images as Record<string, unknown> | undefined) ?? {}), remote_images: patterns };
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify({ ...current, images }, null, 2)}\n`);
  return patterns;
}

/** After the build: the allow-list from data/import.json's photo hosts (checked by its schema, as every build does). */
export default function remoteImages(): AstroIntegration {
  let root = '';
  return {
    name: 'remote-images',
    hooks: {
      'astro:config:setup': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': ({ logger }) => {
        const mapping = importSchema.parse(JSON.parse(readFileSync(join(root, 'data', 'import.json'), 'utf8')));
        const patterns = writeRemoteImages(root, mapping.photoHosts);
        if (patterns.length > 0) logger.info(`The image CDN may fetch unit photos from: ${patterns.join(', ')}`);
      },
    },
  };
}
