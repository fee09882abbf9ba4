import { buildDay } from './build-day.ts';
import { lotAt } from './lot.ts';

/** The addresses of sold units that still have their (noindex) page: kept out of the sitemap. */
export const soldPagePaths: ReadonlySet<string> = new Set(lotAt(buildDay).soldPages.map((unit) => `/vehicles/${unit.id}`));
