import type { Config } from '@netlify/functions';
import { contactIntake } from './lib/leads/forms/contact.ts';
import { intake } from './lib/leads/intake.ts';

/**
 * POST /api/contact: the contact inquiry (docs/product.md §Inquiry, §Leads), through the one lead
 * intake (functions/lib/leads/intake.ts). JSON gets JSON back; a plain HTML form post (JavaScript
 * off) gets 303 to /thank-you or the form again with its errors.
 */
export default intake(contactIntake);

export const config: Config = { path: '/api/contact' };
