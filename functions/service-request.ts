import type { Config } from '@netlify/functions';
import { serviceIntake } from './lib/forms/service.ts';
import { intake } from './lib/intake.ts';

/** POST /api/service-request (docs/product.md §Leads), through the one lead intake (functions/lib/intake.ts). */
export default intake(serviceIntake);

export const config: Config = { path: '/api/service-request' };
