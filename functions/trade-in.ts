import type { Config } from '@netlify/functions';
import { tradeInIntake } from './lib/leads/forms/trade-in.ts';
import { intake } from './lib/leads/intake.ts';

/** POST /api/trade-in (docs/product.md §Leads), through the one lead intake (functions/lib/leads/intake.ts). */
export default intake(tradeInIntake);

export const config: Config = { path: '/api/trade-in' };
