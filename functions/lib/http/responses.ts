import { createHash } from 'node:crypto';
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

/** The strong ETag of an answer's body: a short SHA-256 of it, quoted. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether the request's If-None-Match names `etag`, weak (W/) or strong: the answer is then a 304. */
export function notModified(request: Request, etag: string): boolean {
  return (request.headers.get('if-none-match') ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .includes(etag);
}
