import { z } from 'zod';
import { nonEmpty, schemaRef, sitePath } from './common.ts';

const Link = z.strictObject({
  label: nonEmpty,
  href: sitePath,
  /** Other paths on which this link shows as the current page (Home is current only on /). */
  activeOn: z.array(sitePath).optional(),
});

export const schema = z.strictObject({
  ...schemaRef,
  header: z.array(Link).min(1),
  footer: z.array(z.strictObject({ heading: nonEmpty, links: z.array(Link).min(1) })).min(1),
});

export type NavLink = z.infer<typeof Link>;
export type Navigation = z.infer<typeof schema>;
