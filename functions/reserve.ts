import type { Config } from '@netlify/functions';
import { reservationIntake } from './lib/leads/forms/reservation.ts';
import { intake } from './lib/leads/intake.ts';

/**
 * POST /api/reserve: a rental reservation request (docs/product.md §Rentals, §Leads), through the
 * one lead intake (functions/lib/leads/intake.ts). JSON (the island, API clients): 200 {ok, id}, or
 * 4xx {error, errors}. A plain form post (JavaScript off) gets the quote first
 * (functions/lib/leads/forms/reservation.ts), and Send request files it and answers 303 to /thank-you.
 */
export default intake(reservationIntake);

export const config: Config = { path: '/api/reserve' };
