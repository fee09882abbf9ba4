import { defineMiddleware } from 'astro:middleware';
import { hoistIslandScripts } from './lib/island-scripts.ts';
import { hoistIslandStyles } from './lib/island-styles.ts';

/** Every HTML page leaves the renderer with Astro's island <style> and scripts in <head>, not in <body>. */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.includes('text/html')) return response;
  return new Response(hoistIslandScripts(hoistIslandStyles(await response.text())), response);
});
