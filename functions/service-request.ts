import type { Config } from '@netlify/functions';
import { serviceIntake } from './lib/leads/forms/service.ts';
import { intake } from './lib/leads/intake.ts';

/** POST /api/service-request (docs/product.md §Leads), through the one lead intake (functions/lib/leads/intake.ts). */
export default intake(serviceIntake);

export const config: Config = { path: '/api/service-request' };
