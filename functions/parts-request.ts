import type { Config } from '@netlify/functions';
import { partsIntake } from './lib/leads/forms/parts.ts';
import { intake } from './lib/leads/intake.ts';

/** POST /api/parts-request (docs/product.md §Leads), through the one lead intake (functions/lib/leads/intake.ts). */
export default intake(partsIntake);

export const config: Config = { path: '/api/parts-request' };
