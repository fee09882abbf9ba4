import { atom, map } from 'nanostores';
import type {
  DeleteAnswer,
  DeletionsAnswer,
  LeadChangeAnswer,
  LeadDetailAnswer,
  LeadListAnswer,
  ResendAnswer,
  SessionAnswer,
} from '../../functions/lib/inbox/api.ts';
import type { Holdings, PersonQuery } from '../../functions/lib/inbox/privacy.ts';
import { LEAD_STATUSES, STATUS_LABELS, type LeadStatus } from '../lib/inbox/labels.ts';
import { leadIdOf } from '../lib/inbox/lead-address.ts';
import type { ReplyChannel } from '../lib/inbox/replies.ts';
import { calendarDay } from '../lib/units/build-clock.ts';
import { forgetOfflineList, offlineSince, pushState, turnPushOff, turnPushOn } from './push-client.ts';
import { api, apiAnswer, apiFile, archiveChunk, answerError, forgetToken, keepToken, LOCAL_TOKEN, recordReply, saveFile, SignedOut, token } from './session.ts';
import { githubSignIn } from './sign-in.ts';

/**
 * The inbox page's state (src/pages/admin/leads.astro, docs/operations.md §The dealer's inbox):
 * typed atoms and the actions that change them; the components in ./components/ only read the
 * atoms and call the actions. Views by the address's hash: #/ the list, #/lead/<id> a lead,
 * #/privacy, #/export. A view shows once its data has come, as the API answered it.
 */

export type View = 'sign-in' | 'list' | 'lead' | 'privacy' | 'export';

/** The view on screen; none until the first answer (or the sign-in) decides. */
export const $view = atom<View | null>(null);
/** The one line the page says (role=status): what was saved, or what went wrong. */
export const $message = atom('');
/** Who the API says is signed in: shown in the header once a list or lead has come. */
export const $user = atom<string | null>(null);
/** Whether this tab has a sign-in (its own or the admin's): the inbox's own links show then. */
export const $signedIn = atom(false);
/** Whether the local sign-in of `npm start` works here (the API says so before anyone signs in). */
export const $localSignIn = atom(false);

/** The heading to focus once its view has drawn: after navigation, and after each step of a privacy request. */
export type FocusTarget = 'list' | 'lead' | 'privacy' | 'export' | 'privacy-found' | 'privacy-question';
export const $focus = atom<{ target: FocusTarget; seq: number } | null>(null);
let focusSeq = 0;
const focusOn = (target: FocusTarget) => $focus.set({ target, seq: ++focusSeq });

export interface Filters {
  q: string;
  status: string;
  department: string;
  form: string;
  store: string;
}
export const NO_FILTERS: Filters = { q: '', status: '', department: '', form: '', store: '' };
/** The list's filters as typed: the next list asks with them, whichever button asks. */
export const $filters = map<Filters>({ ...NO_FILTERS });
export const $list = atom<(LeadListAnswer & { shownAt: number }) | null>(null);
/** When the list on screen was loaded, if it is the copy the inbox's worker kept because the device is offline (docs/product.md §Inbox on a phone). */
export const $offlineSince = atom<Date | null>(null);
/** The lead on screen; `seq` counts its showings, each drawn afresh (its forms as the API now has it). */
export const $lead = atom<(LeadDetailAnswer & { seq: number }) | null>(null);
let leadSeq = 0;
export const $deletions = atom<DeletionsAnswer['deletions'] | null>(null);

/** A privacy request under way: what was found about the person, and whether the deletion is being confirmed. */
export interface PrivacyRequest {
  person: string;
  found: Holdings;
  confirming: boolean;
}
export const $privacy = atom<PrivacyRequest | null>(null);

export function say(message: string): void {
  $message.set(message);
}

/** Runs an action; a refused sign-in asks to sign in again, any other error is said. */
async function run(task: () => Promise<void>): Promise<void> {
  try {
    await task();
  } catch (error) {
    if (error instanceof SignedOut) return signOut(error.message);
    say(error instanceof Error ? error.message : 'Something went wrong. Try again.');
  }
}

// --- Sign-in -----------------------------------------------------------------------------------

async function showSignIn(message: string): Promise<void> {
  $view.set('sign-in');
  $signedIn.set(false);
  $user.set(null);
  say(message);
  const session = await fetch('/api/admin/session')
    .then((response) => response.json() as Promise<Partial<SessionAnswer>>)
    .catch(() => ({ localSignIn: false }));
  $localSignIn.set(session.localSignIn === true);
}

function signIn(value: string): void {
  keepToken(value);
  confirmDevice();
  void route();
}

/** A refused sign-in: the tab forgets its token and asks for a new one (the worker drops its kept list on the 401 itself). */
export function signOut(message = ''): void {
  forgetToken();
  void showSignIn(message);
}

/**
 * Signing out of this device: its notifications stop (the site forgets the device while the
 * token still works) and the list kept for offline use goes, with its visitors' details.
 */
export function signOutHere(): void {
  const current = token();
  void turnPushOff(current).catch(() => undefined);
  void forgetOfflineList();
  signOut('Signed out.');
}

/** A signed-in device that gets notifications confirms it to the site, which drops devices unconfirmed for 30 days. */
function confirmDevice(): void {
  void pushState()
    .then((state) => (state === 'on' ? turnPushOn() : undefined))
    .catch(() => undefined);
}

export const signInLocally = () => signIn(LOCAL_TOKEN);

export function signInWithGitHub(): void {
  githubSignIn(location.hostname).then(
    (value) => signIn(value),
    (error: unknown) => say(error instanceof Error ? error.message : 'The sign-in did not finish.'),
  );
}

// --- The list ----------------------------------------------------------------------------------

let page = 1;

function listQuery(): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries($filters.get())) if (value.trim()) params.set(name, value.trim());
  params.set('page', String(page));
  return params;
}

/** A filter whose value the inbox no longer holds (its last lead deleted) goes back to Any. */
function keepFiltersIn(list: LeadListAnswer): void {
  const offered: Record<keyof Filters, readonly string[] | null> = {
    q: null,
    status: LEAD_STATUSES,
    department: list.facets.departments,
    form: list.facets.forms,
    store: list.facets.stores,
  };
  for (const [name, values] of Object.entries(offered) as [keyof Filters, readonly string[] | null][]) {
    const value = $filters.get()[name];
    if (values && value && !values.includes(value)) $filters.setKey(name, '');
  }
}

async function showList(focus: boolean): Promise<void> {
  const { body: list, response } = await apiAnswer<LeadListAnswer>(`/api/admin/leads?${listQuery()}`);
  $offlineSince.set(offlineSince(response));
  $user.set(list.user);
  say('');
  keepFiltersIn(list);
  page = list.page;
  $list.set({ ...list, shownAt: Date.now() });
  $view.set('list');
  if (focus) focusOn('list');
}

export const setFilter = (name: keyof Filters, value: string) => $filters.setKey(name, value);

/** The filter form's Show: the first page of what the filters match. */
export function findLeads(): void {
  page = 1;
  void run(() => showList(false));
}

export function turnPage(by: -1 | 1): void {
  page = Math.max(1, page + by);
  void run(() => showList(true));
}

// --- A lead ------------------------------------------------------------------------------------

const leadApi = (id: string) => `/api/admin/leads/${encodeURIComponent(id)}`;

async function showLead(id: string): Promise<void> {
  const detail = await api<LeadDetailAnswer>(leadApi(id));
  $user.set(detail.user);
  say('');
  $lead.set({ ...detail, seq: ++leadSeq });
  $view.set('lead');
  focusOn('lead');
}

export function saveStatus(id: string, status: LeadStatus): void {
  void run(async () => {
    await api<LeadChangeAnswer>(leadApi(id), { action: 'status', status });
    await showLead(id);
    say(`Status saved: ${STATUS_LABELS[status]}.`);
  });
}

/** Adds a note; the form keeps its text until the note is in (the lead is then drawn afresh). */
export function addNote(id: string, text: string): void {
  void run(async () => {
    await api<LeadChangeAnswer>(leadApi(id), { action: 'note', text: text.trim() });
    await showLead(id);
    say('Note added.');
  });
}

export function resendEmails(id: string): void {
  void run(async () => {
    const result = await api<ResendAnswer>(leadApi(id), { action: 'resend' });
    await showLead(id);
    say(result.delivery === 'sent' ? 'Every e-mail of this lead is sent.' : `Sending: ${result.delivery}.`);
  });
}

/**
 * A tap on a reply link (docs/product.md §Inbox): the link opens the phone's dialler, messages or
 * mail with the dealer's template, and this records the first response; the lead is shown again
 * with it, if it is still the one on screen.
 */
export function replied(id: string, channel: ReplyChannel): void {
  void recordReply(id, channel).then((ok) => {
    if (ok && leadIdOf(location.hash) === id) void run(() => showLead(id));
  });
}

// --- Privacy requests --------------------------------------------------------------------------

const personQuery = (text: string): PersonQuery => (text.includes('@') ? { email: text.trim() } : { phone: text.trim() });

async function showPrivacy(): Promise<void> {
  const { deletions } = await api<DeletionsAnswer>('/api/admin/privacy');
  $deletions.set(deletions);
  $view.set('privacy');
  focusOn('privacy');
}

export function findPerson(person: string): void {
  void run(async () => {
    const found = await api<Holdings>('/api/admin/privacy', { action: 'find', ...personQuery(person) });
    $privacy.set({ person, found, confirming: false });
    focusOn('privacy-found');
  });
}

export function askToDelete(): void {
  const request = $privacy.get();
  if (!request) return;
  $privacy.set({ ...request, confirming: true });
  focusOn('privacy-question');
}

export function deletePerson(): void {
  const request = $privacy.get();
  if (!request) return;
  void run(async () => {
    const { deleted } = await api<DeleteAnswer>('/api/admin/privacy', { action: 'delete', confirm: true, ...personQuery(request.person) });
    $privacy.set(null);
    say(`Deleted: ${deleted.leads} lead(s) and everything found with them. A record of the deletion, without personal data, is kept.`);
    await showPrivacy();
  });
}

// --- Export ------------------------------------------------------------------------------------

export function downloadCsv(from: string, to: string): void {
  void run(async () => {
    const file = await apiFile(`/api/admin/export?${new URLSearchParams({ from, to })}`);
    saveFile(file, `leads-${from}-to-${to}.csv`, 10_000);
    say('The CSV file is downloaded.');
  });
}

/**
 * The complete archive (docs/operations.md §The dealer's archive): its chunks one after another
 * (the server's cursor in X-Archive-Next), waiting out the inbox's rate limit when it is reached,
 * saved gzip-compressed as one file, the same `npm run leads -- export` writes.
 */
export function downloadArchive(): void {
  void run(async () => {
    const parts: Blob[] = [];
    let cursor = '';
    for (let chunk = 1; ; chunk++) {
      say(`Preparing the archive: part ${chunk}…`);
      const response = await archiveChunk(cursor);
      if (response.status === 429) {
        const seconds = Number(response.headers.get('Retry-After')) || 10;
        say(`Preparing the archive: part ${chunk}, waiting ${seconds} s for the inbox's request limit…`);
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
        chunk--;
        continue;
      }
      if (!response.ok) throw new Error(await answerError(response));
      parts.push(await response.blob());
      cursor = response.headers.get('X-Archive-Next') ?? '';
      if (!cursor) break;
    }
    const file = await new Response(new Blob(parts).stream().pipeThrough(new CompressionStream('gzip'))).blob();
    saveFile(file, `leads-archive-${calendarDay(new Date())}.jsonl.gz`, 60_000);
    say('The archive is downloaded. Keep it somewhere safe: it holds personal data.');
  });
}

// --- Routes ------------------------------------------------------------------------------------

/**
 * Shows the view the address names (a notification or a shared link opens a lead by
 * `/admin/leads#/lead/<id>`). `navigated`: the address changed while the page was open, so the
 * list's heading takes the focus as the other views' do.
 */
export async function route(navigated = false): Promise<void> {
  if (!token()) return showSignIn('');
  $signedIn.set(true);
  const hash = location.hash;
  const lead = leadIdOf(hash);
  await run(async () => {
    if (lead) await showLead(lead);
    else if (hash === '#/privacy') await showPrivacy();
    else if (hash === '#/export') {
      $view.set('export');
      focusOn('export');
    } else await showList(navigated);
  });
}

/** Starts the page: the view of the address, and each later address change. */
export function start(): () => void {
  const changed = () => void route(true);
  window.addEventListener('hashchange', changed);
  if (token()) confirmDevice();
  void route();
  return () => window.removeEventListener('hashchange', changed);
}
