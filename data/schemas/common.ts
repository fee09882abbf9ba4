import { z } from 'zod';

/** Every data file is an object that may name its JSON Schema, for editor autocomplete. */
export const schemaRef = { $schema: z.string().optional() };

export const url = z.url({ protocol: /^https?$/ });
/** A path inside this site, such as /inventory or /vehicles/denago-ev-city. */
export const sitePath = z.string().regex(/^\/[a-z0-9\-/?=&.%_]*$/i, 'must be a path on this site starting with "/"');
/** An image under public/ (e.g. /images/carts/denago-4.svg) or a full https:// address. */
export const imageSrc = z.union([z.string().regex(/^\/images\/.+\.(svg|png|jpe?g|webp|avif)$/i, 'must be an image path under /images/'), url]);
export const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase words joined by hyphens, e.g. "ev-city"');
export const nonEmpty = z.string().trim().min(1);
