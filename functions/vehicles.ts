import type { Config } from '@netlify/functions';
import { listedVehicles as vehicles } from '../src/lib/data/lot.ts';
import { etagOf, jsonResponse, methodNotAllowed, notModified } from './lib/http/responses.ts';
import { vehiclesRoute } from './lib/vehicle-routes.ts';

/** The lot only changes with a deploy (which purges Netlify's CDN): browsers 5 min, the CDN 1 h. */
export const CACHE_OK = 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400';
export const CACHE_NOT_FOUND = 'public, max-age=60, s-maxage=300';

const ALLOWED = ['GET', 'HEAD'] as const;
const byId = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]));

/** A JSON answer with caching, an ETag (304 on a match) and no body for HEAD. */
function answer(request: Request, status: number, body: unknown, cacheControl: string): Response {
  const etag = etagOf(JSON.stringify(body));
  const headers = { 'Cache-Control': cacheControl, ETag: etag };
  const response = jsonResponse(body, { status, headers });
  if (status === 200 && notModified(request, etag)) return new Response(null, { status: 304, headers: response.headers });
  return request.method === 'HEAD' ? new Response(null, { status, headers: response.headers }) : response;
}

/**
 * GET /api/vehicles (every listed unit), /api/vehicles/{id} (one unit, or 404 {"error":"Vehicle not found"})
 * and /api/vehicles/brand/{brand} (the brand's units, case-insensitive, possibly none). docs/product.md §Units.
 * Sold units are not served (docs/product.md §Units); each unit carries its estimated payment.
 */
export default function vehiclesApi(request: Request): Response {
  if (!(ALLOWED as readonly string[]).includes(request.method)) return methodNotAllowed(ALLOWED);
  const route = vehiclesRoute(new URL(request.url).pathname);
  switch (route.kind) {
    case 'list':
      return answer(request, 200, vehicles, CACHE_OK);
    case 'brand': {
      const brand = route.brand.toLowerCase();
      return answer(
        request,
        200,
        vehicles.filter((vehicle) => vehicle.brand.toLowerCase() === brand),
        CACHE_OK,
      );
    }
    case 'one': {
      const vehicle = byId.get(route.id);
      return vehicle ? answer(request, 200, vehicle, CACHE_OK) : answer(request, 404, { error: 'Vehicle not found' }, CACHE_NOT_FOUND);
    }
    default:
      return answer(request, 404, { error: 'Vehicle not found' }, CACHE_NOT_FOUND);
  }
}

export const config: Config = { path: ['/api/vehicles', '/api/vehicles/*'] };
