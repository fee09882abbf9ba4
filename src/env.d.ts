/// <reference types="astro/client" />

/** The reservation island's figures (src/integrations/island-data.ts, from src/lib/data/reservation.ts). */
declare module 'island-data:reservation-options' {
  const options: import('./lib/leads/reservation.ts').ReservationOptions;
  export default options;
}

/** The service appointment island's figures (from src/lib/data/service-request.ts). */
declare module 'island-data:service-options' {
  const options: import('./lib/leads/service.ts').ServiceOptions;
  export default options;
}

/** The mobile menu's links and number (from data/navigation.json and the dealer's local number). */
declare module 'island-data:menu' {
  const menu: import('./lib/routing/navigation.ts').MenuData;
  export default menu;
}
