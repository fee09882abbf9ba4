/** What a request under /api/vehicles asks for. */
export type VehiclesRoute = { kind: 'list' } | { kind: 'one'; id: string } | { kind: 'brand'; brand: string } | { kind: 'unknown' };

const BASE = '/api/vehicles';
/** Nothing real is this long; longer paths are answered 404 without further work. */
export const MAX_PATH_LENGTH = 512;

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Reads the route from a URL path, still percent-encoded as it arrived:
 * /api/vehicles → list, /api/vehicles/{id} → one, /api/vehicles/brand/{brand} → brand.
 * Malformed encodings, extra segments and over-long paths read as unknown (a 404, never a 500).
 */
export function vehiclesRoute(pathname: string): VehiclesRoute {
  if (pathname.length > MAX_PATH_LENGTH) return { kind: 'unknown' };
  if (pathname !== BASE && !pathname.startsWith(`${BASE}/`)) return { kind: 'unknown' };
  const raw = pathname.slice(BASE.length).split('/').filter(Boolean);
  const segments = raw.map(decode);
  if (segments.some((s) => s === undefined)) return { kind: 'unknown' };
  const [first, second, ...rest] = segments as string[];
  if (first === undefined) return { kind: 'list' };
  if (first === 'brand' && second !== undefined && rest.length === 0) return { kind: 'brand', brand: second };
  if (second === undefined) return { kind: 'one', id: first };
  return { kind: 'unknown' };
}
