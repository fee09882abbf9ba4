/**
 * Reading a POST body safely: size cap, known content types, no unchecked JSON. A form with
 * photo fields may also post multipart/form-data (the plain HTML form with files), with a cap
 * of its own (docs/decisions/lead-photos.md).
 */

export const MAX_BODY_BYTES = 16 * 1024;
/** A multipart post: the photos (30 MB in all) and the form's text fields. */
export const MAX_MULTIPART_BYTES = 31 * 1000 * 1000;

export const JSON_TYPE = 'application/json';
export const FORM_TYPE = 'application/x-www-form-urlencoded';
export const MULTIPART_TYPE = 'multipart/form-data';

/** A file of a multipart post, read into memory (it was within the cap). */
export interface PostedFile {
  field: string;
  name: string;
  bytes: Uint8Array;
}

/** A name posted more than once (ticked boxes) arrives as a list; JSON arrives as it is. */
export type Fields = Record<string, unknown>;

export type Body = { channel: 'json' | 'form'; fields: Fields; files: PostedFile[] };
export type BodyProblem = { status: 400 | 413 | 415; error: string };

export const BODY_ERRORS = {
  type: `Content-Type must be ${JSON_TYPE} or ${FORM_TYPE}`,
  typeWithFiles: `Content-Type must be ${JSON_TYPE}, ${FORM_TYPE} or ${MULTIPART_TYPE}`,
  size: 'Request body must be at most 16 KB',
  sizeWithFiles: 'Request body must be at most 31 MB (photos: 30 MB in all)',
  encoding: 'Request body must be UTF-8 text',
  json: 'Request body is not valid JSON',
  object: 'Request body must be a JSON object',
  multipart: 'Request body is not valid multipart/form-data',
} as const;

/** "application/json; charset=utf-8" → "application/json". */
export function mediaType(header: string | null): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export interface ReadOptions {
  /** Whether the form takes files (multipart/form-data, up to MAX_MULTIPART_BYTES). */
  files?: boolean;
}

export async function readBody(request: Request, options: ReadOptions = {}): Promise<Body | BodyProblem> {
  const type = mediaType(request.headers.get('content-type'));
  const multipart = options.files === true && type === MULTIPART_TYPE;
  if (type !== JSON_TYPE && type !== FORM_TYPE && !multipart) return { status: 415, error: options.files ? BODY_ERRORS.typeWithFiles : BODY_ERRORS.type };
  const cap = multipart ? MAX_MULTIPART_BYTES : MAX_BODY_BYTES;
  const tooBig = { status: 413, error: multipart ? BODY_ERRORS.sizeWithFiles : BODY_ERRORS.size } as const;
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > cap) return tooBig;

  const bytes = await readCapped(request, cap);
  if (!bytes) return tooBig;
  if (multipart) return readMultipart(bytes, request.headers.get('content-type') ?? '');

  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { status: 400, error: BODY_ERRORS.encoding };
  }

  if (type === FORM_TYPE) return { channel: 'form', fields: collect(new URLSearchParams(text)), files: [] };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { status: 400, error: BODY_ERRORS.json };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { status: 400, error: BODY_ERRORS.object };
  return { channel: 'json', fields: data as Fields, files: [] };
}

/** Names posted once are text; a name posted again (ticked boxes) collects its values in a list. */
function collect(entries: Iterable<[string, string]>): Fields {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of entries) {
    const before = fields[name];
    fields[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return fields;
}

/** The platform's own multipart parser, on bytes already within the cap. An empty file input (nothing chosen) is no file. */
async function readMultipart(bytes: Uint8Array, contentType: string): Promise<Body | BodyProblem> {
  let form: FormData;
  try {
    form = await new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]), { headers: { 'content-type': contentType } }).formData();
  } catch {
    return { status: 400, error: BODY_ERRORS.multipart };
  }
  const text: [string, string][] = [];
  const files: PostedFile[] = [];
  for (const [name, value] of form) {
    if (typeof value === 'string') text.push([name, value]);
    else if (value.name !== '' || value.size > 0) files.push({ field: name, name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) });
  }
  return { channel: 'form', fields: collect(text), files };
}

/** The body, or null as soon as it grows past the cap (a lying or missing Content-Length). */
export async function readCapped(request: Request, cap: number): Promise<Uint8Array | null> {
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
