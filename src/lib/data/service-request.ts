import type { ServiceOptions } from '../leads/service.ts';
import { dealer } from './dealer.ts';
import { reservationOptions } from './reservation.ts';
import { services } from './services.ts';

/**
 * What a service appointment request is checked against (docs/product.md §Services): the
 * service department's hours, the towns with their distances (as rentals deliver to them), the
 * pick-up terms and how far ahead a day may be. The island imports it as a module
 * (src/integrations/island-data.ts); /api/service-request uses the same.
 */
export const serviceOptions: ServiceOptions = {
  hours: dealer.hours.services,
  places: reservationOptions.places,
  pickup: services.appointments.pickup,
  bookAheadDays: services.appointments.bookAheadDays,
  timeZone: reservationOptions.limits.timeZone,
};
