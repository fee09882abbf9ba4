import type { Config } from '@netlify/functions';
import { unitQuestionIntake } from './lib/forms/unit-question.ts';
import { intake } from './lib/intake.ts';

/** POST /api/unit-question (docs/product.md §Leads), through the one lead intake (functions/lib/intake.ts). */
export default intake(unitQuestionIntake);

export const config: Config = { path: '/api/unit-question' };
