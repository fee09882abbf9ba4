import { z } from 'zod';
import { nonEmpty, schemaRef } from './common.ts';

const Icon = z.enum(['award', 'wrench', 'percent', 'leaf', 'map-pin', 'clock', 'check', 'battery', 'calendar', 'shield', 'phone', 'mail']);
const Item = z.strictObject({ title: nonEmpty, text: nonEmpty, icon: Icon });
const Hero = z.strictObject({ heading: nonEmpty, text: nonEmpty });

/** Editor-owned copy of the about, showroom, financing and privacy pages. */
export const schema = z.strictObject({
  ...schemaRef,
  about: z.strictObject({
    hero: Hero,
    /** Paragraphs of the story; the founding year and counts come from dealer.json figures. */
    story: z.array(nonEmpty).min(1),
    values: z.array(Item).min(1),
    /** Who does what; roles rather than names, so the copy never goes stale. */
    team: z.array(z.strictObject({ title: nonEmpty, text: nonEmpty, icon: Icon })).min(1),
  }),
  showroom: z.strictObject({
    hero: Hero,
    /** Showroom services (docs/product.md §Showroom and about): test drives, expert consultation, financing options. */
    services: z.array(Item).min(1),
    visitText: nonEmpty,
  }),
  financing: z.strictObject({
    hero: Hero,
    steps: z.array(z.strictObject({ title: nonEmpty, text: nonEmpty })).min(1),
    /** The worked example pre-rendered into the estimator (and shown when JavaScript is off). */
    example: z.strictObject({
      price: z.number().positive(),
      downPayment: z.number().nonnegative(),
      apr: z.number().nonnegative().max(100),
      termMonths: z.number().int().positive(),
    }),
    disclaimer: nonEmpty,
  }),
  /** The lead forms' pages (docs/product.md §Leads): their hero texts and the steps of a trade-in. */
  leadForms: z.strictObject({
    tradeIn: z.strictObject({ hero: Hero, steps: z.array(nonEmpty).min(1) }),
    service: z.strictObject({ hero: Hero }),
    parts: z.strictObject({ hero: Hero }),
    unitQuestion: z.strictObject({ intro: nonEmpty }),
  }),
  privacy: z.strictObject({
    /** When the privacy and terms pages last changed, as YYYY-MM-DD. */
    updated: z.iso.date(),
    /** How long an inquiry is kept before it is deleted. */
    leadRetentionMonths: z.number().int().positive(),
    /** How long a request for an e-mail alert waits for its confirmation before it is deleted. */
    alertConfirmDays: z.number().int().positive().max(30),
    /** How long a confirmed alert runs before it ends by itself (the subscriber can ask again). */
    alertMonths: z.number().int().positive().max(36),
  }),
});

export type Pages = z.infer<typeof schema>;
