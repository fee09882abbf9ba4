import type { ErrorAnswer } from '../../functions/lib/inbox/api.ts';

/**
 * The inbox's sign-in and its calls to /api/admin/... (docs/decisions/dealer-inbox.md §Who): the
 * token goes as a bearer token with every call. Nothing is kept in the browser but the token, for
 * this tab only (sessionStorage), or the admin's own (Sveltia CMS keeps its GitHub sign-in in
 * localStorage, and the inbox uses the same one until someone signs out here).
 */

const TOKEN_KEY = 'inbox.token';
/** Where the admin (Sveltia CMS) keeps its GitHub sign-in: the inbox uses the same one. */
const ADMIN_USER_KEY = 'sveltia-cms.user';
const SIGNED_OUT_KEY = 'inbox.signed-out';
/** The token of `npm start`'s local sign-in (functions/lib/inbox/auth.ts LOCAL_TOKEN). */
export const LOCAL_TOKEN = 'local-sign-in';

function adminToken(): string | null {
  try {
    const user = JSON.parse(localStorage.getItem(ADMIN_USER_KEY) ?? 'null') as { token?: unknown } | null;
    return typeof user?.token === 'string' && user.token ? user.token : null;
  } catch {
    return null;
  }
}

/** The token the next call carries, read afresh each time: the admin may sign in in another tab. */
export function token(): string | null {
  const own = sessionStorage.getItem(TOKEN_KEY);
  if (own) return own;
  return sessionStorage.getItem(SIGNED_OUT_KEY) ? null : adminToken();
}

export function keepToken(value: string): void {
  sessionStorage.setItem(TOKEN_KEY, value);
  sessionStorage.removeItem(SIGNED_OUT_KEY);
}

/** Forgets this tab's token, and stops using the admin's until someone signs in here again. */
export function forgetToken(): void {
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.setItem(SIGNED_OUT_KEY, '1');
}

/** A call refused for its sign-in (or made without one): the page asks to sign in, with the reason. */
export class SignedOut extends Error {}

/** The error the inbox's API gave, or one in its words when it gave none. */
export async function answerError(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as Partial<ErrorAnswer>;
  return body.error ?? (response.status === 401 ? 'Sign in again.' : `The inbox answered ${response.status}.`);
}

function authorized(init: RequestInit = {}, given: string | null = token()): RequestInit {
  if (!given) throw new SignedOut('');
  return { ...init, headers: { ...init.headers, Authorization: `Bearer ${given}` } };
}

async function call(path: string, init?: RequestInit, given?: string | null): Promise<Response> {
  const response = await fetch(path, authorized(init, given));
  if (response.status === 401) throw new SignedOut(await answerError(response));
  if (!response.ok) throw new Error(await answerError(response));
  return response;
}

/**
 * GET (or POST, with `body` as JSON) an /api/admin/... address, answered with JSON. `method`
 * DELETE sends the body too; `token` is the sign-in to use when it is not the tab's current one
 * (a sign-out turning the device's notifications off as it forgets the token).
 */
export async function api<T>(path: string, body?: unknown, { method, token: given }: { method?: 'DELETE'; token?: string | null } = {}): Promise<T> {
  const init: RequestInit = body === undefined ? {} : { method: method ?? 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  return (await call(path, init, given)).json() as Promise<T>;
}

/** GET an /api/admin/... address answered with JSON, with the answer itself (its headers say whether it is the copy kept for offline use). */
export async function apiAnswer<T>(path: string): Promise<{ body: T; response: Response }> {
  const response = await call(path);
  return { body: (await response.json()) as T, response };
}

/** A file the inbox's API answers with (the CSV export). */
export async function apiFile(path: string): Promise<Blob> {
  return (await call(path)).blob();
}

/**
 * Records a tap on a reply link (docs/product.md §Inbox) with fetch's keepalive, which outlives
 * the page (sendBeacon cannot carry the sign-in's Authorization header, and the API takes no
 * cookies). Nothing waits for it, so the link opens even when the record fails: whether it went
 * through is the answer, never an error.
 */
export async function recordReply(id: string, channel: string): Promise<boolean> {
  const current = token();
  if (!current) return false;
  return fetch(`/api/admin/leads/${encodeURIComponent(id)}`, {
    method: 'POST',
    keepalive: true,
    headers: { Authorization: `Bearer ${current}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ action: 'reply', channel }),
  }).then(
    (response) => response.ok,
    () => false,
  );
}

/** One chunk of the archive (functions/admin-archive.ts): the response as it came, for its headers. */
export async function archiveChunk(cursor: string): Promise<Response> {
  const response = await fetch(`/api/admin/archive${cursor ? `?${new URLSearchParams({ cursor })}` : ''}`, authorized());
  if (response.status === 401) throw new SignedOut(await answerError(response));
  return response;
}

/** Saves a file the page made (a CSV, the archive) as a download named `name`. */
export function saveFile(file: Blob, name: string, keepMs: number): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), keepMs);
}
