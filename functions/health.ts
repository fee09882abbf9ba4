import type { Config } from '@netlify/functions';
import { jsonResponse, methodNotAllowed } from './lib/http.ts';

/** GET /api/health: a liveness probe for uptime monitors and the deploy check. */
export default function health(request: Request): Response {
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  return jsonResponse({ ok: true, service: 'golf-cart-site', time: new Date().toISOString() }, { headers: { 'Cache-Control': 'no-store' } });
}

export const config: Config = { path: '/api/health' };
