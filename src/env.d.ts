/// <reference types="astro/client" />

/** The reservation island's figures (src/integrations/island-data.ts, from src/lib/data/reservation.ts). */
declare module 'island-data:reservation-options' {
  const options: import('./lib/reservation.ts').ReservationOptions;
  export default options;
}
