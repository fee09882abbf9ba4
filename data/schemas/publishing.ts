import { z } from 'zod';
import { schemaRef } from './common.ts';

/** "12:00", "17:30": a time of day on the 24-hour clock. */
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day written HH:MM on the 24-hour clock, e.g. "17:00"');

/** The Netlify plans of a new account (docs/operations.md §What the site costs to run). */
export const PLANS = ['free', 'personal', 'pro'] as const;

/**
 * data/publishing.json: when the site publishes what editors saved, and how many production
 * deploys a month it may ask Netlify for (docs/product.md §Publishing).
 */
export const schema = z.strictObject({
  ...schemaRef,
  publishingTimes: z
    .array(timeOfDay)
    .min(1, 'must name at least one publishing time')
    .max(6, 'must name at most 6 publishing times')
    .refine((times) => new Set(times).size === times.length, 'must not name the same time twice')
    .describe('Times of day (New York time) at which saved changes are published, e.g. "12:00" and "17:00"'),
  plan: z.enum(PLANS).describe('The Netlify plan of the account the site runs on: free, personal or pro'),
  deployBudget: z
    .number()
    .int()
    .min(0)
    .max(1000)
    .optional()
    .describe('Production deploys a month the site may ask for; unset: the default of the plan (free 12, personal 40, pro 120)'),
  notifyEmail: z.email().optional().describe('Who is told when the month’s deploys are spent; unset: the dealer’s e-mail address'),
});

export type PublishingSettings = z.infer<typeof schema>;
export type Plan = (typeof PLANS)[number];
