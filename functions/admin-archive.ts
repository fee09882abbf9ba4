import type { Config } from '@netlify/functions';
import { refuseSpeculation } from './lib/http/guards.ts';
import { alertsBlobs } from './lib/alerts/blobs.ts';
import { SECURITY_HEADERS, errorResponse, methodNotAllowed } from './lib/http/responses.ts';
import { authorize, type InboxRequestContext } from './lib/inbox/auth.ts';
import { archiveChunk, decodeCursor, encodeCursor } from './lib/leads/archive.ts';
import { leadsBlobs } from './lib/leads/blobs.ts';

/**
 * GET /api/admin/archive[?cursor=…]: the dealer's complete archive (docs/operations.md §The
 * dealer's archive), one chunk a request: the chunk's lines (JSON Lines), and in the header
 * `X-Archive-Next` the cursor of the next chunk (empty after the last). The inbox asks for the
 * chunks one after another and saves them as one file, the same file `npm run leads -- export`
 * writes: a function answers at most 20 MB (streamed), and a dealer's photos can be far more.
 */

/** Where a browser may read the next chunk's cursor from. */
export const NEXT_HEADER = 'X-Archive-Next';

export default async function adminArchive(request: Request, context: InboxRequestContext = {}): Promise<Response> {
  const refused = refuseSpeculation(request);
  if (refused) return refused;
  if (request.method !== 'GET') return methodNotAllowed(['GET']);
  const user = await authorize(request, context);
  if (user instanceof Response) return user;
  const given = new URL(request.url).searchParams.get('cursor');
  const cursor = given ? decodeCursor(given) : null;
  if (given && !cursor) return errorResponse(400, 'cursor: is not one this archive gave. Start the download again.');
  const chunk = await archiveChunk({ leads: leadsBlobs(), alerts: alertsBlobs() }, cursor);
  const encoder = new TextEncoder();
  let index = 0;
  // Streamed, line by line: a function answers up to 20 MB that way (6 MB otherwise).
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const line = chunk.lines[index++];
      if (line === undefined) controller.close();
      else controller.enqueue(encoder.encode(`${line}\n`));
    },
  });
  return new Response(body, {
    headers: {
      ...SECURITY_HEADERS,
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      'Cache-Control': 'no-store',
      [NEXT_HEADER]: chunk.next ? encodeCursor(chunk.next) : '',
    },
  });
}

export const config: Config = { path: '/api/admin/archive' };
