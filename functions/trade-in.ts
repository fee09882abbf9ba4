import type { Config } from '@netlify/functions';
import { tradeInIntake } from './lib/forms/trade-in.ts';
import { intake } from './lib/intake.ts';

/** POST /api/trade-in (docs/product.md §Leads), through the one lead intake (functions/lib/intake.ts). */
export default intake(tradeInIntake);

export const config: Config = { path: '/api/trade-in' };
