import type { Config } from '@netlify/functions';
import { unitQuestionIntake } from './lib/leads/forms/unit-question.ts';
import { intake } from './lib/leads/intake.ts';

/** POST /api/unit-question (docs/product.md §Leads), through the one lead intake (functions/lib/leads/intake.ts). */
export default intake(unitQuestionIntake);

export const config: Config = { path: '/api/unit-question' };
