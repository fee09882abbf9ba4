import { API_CSP, BASE_SECURITY_HEADERS } from '../../../src/lib/site/security-headers.ts';

/** Headers every function answer carries (static files get the same from dist/_headers). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = { ...BASE_SECURITY_HEADERS, 'Content-Security-Policy': API_CSP };

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  return new Response(JSON.stringify(body), { ...init, headers });
}

export function errorResponse(status: number, message: string, init: ResponseInit = {}): Response {
  return jsonResponse({ error: message }, { ...init, status });
}

export function methodNotAllowed(allowed: readonly string[]): Response {
  return errorResponse(405, 'Method not allowed', { headers: { Allow: allowed.join(', ') } });
}
