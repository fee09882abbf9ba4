/** Reading a POST body safely: size cap, known content types, no unchecked JSON. */

export const MAX_BODY_BYTES = 16 * 1024;

export const JSON_TYPE = 'application/json';
export const FORM_TYPE = 'application/x-www-form-urlencoded';

export type Body = { channel: 'json' | 'form'; fields: Record<string, unknown> };
export type BodyProblem = { status: 400 | 413 | 415; error: string };

export const BODY_ERRORS = {
  type: `Content-Type must be ${JSON_TYPE} or ${FORM_TYPE}`,
  size: 'Request body must be at most 16 KB',
  encoding: 'Request body must be UTF-8 text',
  json: 'Request body is not valid JSON',
  object: 'Request body must be a JSON object',
} as const;

/** "application/json; charset=utf-8" → "application/json". */
export function mediaType(header: string | null): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export async function readBody(request: Request): Promise<Body | BodyProblem> {
  const type = mediaType(request.headers.get('content-type'));
  if (type !== JSON_TYPE && type !== FORM_TYPE) return { status: 415, error: BODY_ERRORS.type };
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return { status: 413, error: BODY_ERRORS.size };

  const bytes = await readCapped(request, MAX_BODY_BYTES);
  if (!bytes) return { status: 413, error: BODY_ERRORS.size };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { status: 400, error: BODY_ERRORS.encoding };
  }

  if (type === FORM_TYPE) {
    const params = new URLSearchParams(text);
    const fields: Record<string, string> = {};
    for (const [name, value] of params) if (!(name in fields)) fields[name] = value;
    return { channel: 'form', fields };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { status: 400, error: BODY_ERRORS.json };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { status: 400, error: BODY_ERRORS.object };
  return { channel: 'json', fields: data as Record<string, unknown> };
}

/** The body, or null as soon as it grows past the cap (a lying or missing Content-Length). */
async function readCapped(request: Request, cap: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
