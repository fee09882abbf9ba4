import { defineMiddleware } from 'astro:middleware';
import { hoistIslandStyles } from './lib/island-styles.ts';

/** Every HTML page leaves the renderer with Astro's island <style> in <head>, not in <body>. */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.includes('text/html')) return response;
  return new Response(hoistIslandStyles(await response.text()), response);
});
