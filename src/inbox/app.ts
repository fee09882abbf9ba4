import { durationText, formLabel, LEAD_STATUSES, PROMISE_LABELS, STATUS_LABELS, valueLabel } from '../lib/inbox/labels.ts';
import type { ReplyChannel, ReplyLinks } from '../lib/inbox/replies.ts';
import { githubSignIn } from './sign-in.ts';
import { calendarDay, DEALER_TIME_ZONE } from '../lib/units/build-clock.ts';

/**
 * The inbox page (src/pages/admin/leads.astro, docs/operations.md §The dealer's inbox). Views by
 * the address's hash: #/ the list, #/lead/<id> a lead, #/privacy, #/export. Everything shown comes
 * from /api/admin/... with the sign-in's token; every text goes in as text (never as HTML). Nothing
 * is kept in the browser but the token, for this tab only (sessionStorage), or the admin's own.
 */

const TOKEN_KEY = 'inbox.token';
/** Where the admin (Sveltia CMS) keeps its GitHub sign-in: the inbox uses the same one. */
const ADMIN_USER_KEY = 'sveltia-cms.user';
const SIGNED_OUT_KEY = 'inbox.signed-out';
const LOCAL_TOKEN = 'local-sign-in';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const time = new Intl.DateTimeFormat('en-US', { timeZone: DEALER_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const when = (iso: string | number | undefined) => (iso === undefined || iso === '' ? '' : time.format(new Date(iso)));

type Child = Node | string | null | undefined | false;
function h(tag: string, attributes: Record<string, string | undefined> = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
}

// --- Sign-in -----------------------------------------------------------------------------------

function adminToken(): string | null {
  try {
    const user = JSON.parse(localStorage.getItem(ADMIN_USER_KEY) ?? 'null') as { token?: unknown } | null;
    return typeof user?.token === 'string' && user.token ? user.token : null;
  } catch {
    return null;
  }
}

function token(): string | null {
  const own = sessionStorage.getItem(TOKEN_KEY);
  if (own) return own;
  return sessionStorage.getItem(SIGNED_OUT_KEY) ? null : adminToken();
}

function signIn(value: string): void {
  sessionStorage.setItem(TOKEN_KEY, value);
  sessionStorage.removeItem(SIGNED_OUT_KEY);
  void route();
}

function signOut(message = ''): void {
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.setItem(SIGNED_OUT_KEY, '1');
  showSignIn(message);
}

async function showSignIn(message: string): Promise<void> {
  show('sign-in');
  $('nav').hidden = true;
  $('who').hidden = true;
  say(message);
  const session = await fetch('/api/admin/session')
    .then((response) => response.json() as Promise<{ localSignIn?: boolean }>)
    .catch(() => ({ localSignIn: false }));
  $('local').hidden = session.localSignIn !== true;
}

class SignedOut extends Error {}

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const current = token();
  if (!current) throw new SignedOut('');
  const response = await fetch(path, { ...init, headers: { ...init.headers, Authorization: `Bearer ${current}` } });
  if (response.status === 401) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new SignedOut(body.error ?? 'Sign in again.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new Error(body.error ?? `The inbox answered ${response.status}.`);
  }
  return (path.startsWith('/api/admin/export') ? response.blob() : response.json()) as Promise<T>;
}

function say(message: string): void {
  $('status').textContent = message;
}

async function run(task: () => Promise<void>): Promise<void> {
  try {
    await task();
  } catch (error) {
    if (error instanceof SignedOut) return signOut(error.message);
    say(error instanceof Error ? error.message : 'Something went wrong. Try again.');
  }
}

// --- Views -------------------------------------------------------------------------------------

const VIEWS = ['sign-in', 'list-view', 'lead-view', 'privacy-view', 'export-view'] as const;

function show(view: (typeof VIEWS)[number], focus?: string): void {
  for (const id of VIEWS) $(id).hidden = id !== view;
  if (focus) $(focus).focus();
}

interface ListedLead {
  id: string;
  at: number;
  form: string;
  department: string;
  status: keyof typeof STATUS_LABELS;
  store?: string;
  name: string;
  stock?: string;
  promise: string;
}

interface LeadList {
  user: string;
  total: number;
  page: number;
  pages: number;
  leads: ListedLead[];
  facets: { departments: string[]; forms: string[]; stores: string[] };
  responseTimes: { week: string; department: string; leads: number; medianMinutes: number | null }[];
}

function fillSelect(id: string, values: readonly string[], label: (value: string) => string): void {
  const select = $<HTMLSelectElement>(id);
  const current = select.value;
  select.replaceChildren(h('option', { value: '' }, 'Any'), ...values.map((value) => h('option', { value }, label(value))));
  select.value = values.includes(current) ? current : '';
}

let page = 1;
let focusList = false;

function listQuery(): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData($<HTMLFormElement>('filters'))) if (typeof value === 'string' && value.trim()) params.set(name, value.trim());
  params.set('page', String(page));
  return params;
}

function signedIn(user: string): void {
  $('nav').hidden = false;
  $('who').hidden = false;
  $('who-name').textContent = `Signed in as ${user}`;
}

async function showList(): Promise<void> {
  const list = await api<LeadList>(`/api/admin/leads?${listQuery()}`);
  signedIn(list.user);
  say('');
  fillSelect('f-status', LEAD_STATUSES, (value) => STATUS_LABELS[value as keyof typeof STATUS_LABELS] ?? value);
  fillSelect('f-department', list.facets.departments, valueLabel);
  fillSelect('f-form', list.facets.forms, formLabel);
  fillSelect('f-store', list.facets.stores, valueLabel);
  $('store-field').hidden = list.facets.stores.length < 2;
  page = list.page;
  $('count').textContent = list.total === 0 ? 'No leads match.' : `${list.total} lead${list.total === 1 ? '' : 's'}, newest first.`;
  const now = Date.now();
  $('leads').replaceChildren(
    ...list.leads.map((lead) => {
      const promise =
        lead.promise === 'late' || lead.promise === 'overdue'
          ? h('span', { class: `badge ${lead.promise}` }, PROMISE_LABELS[lead.promise] ?? lead.promise)
          : null;
      return h(
        'li',
        {},
        h(
          'a',
          { href: `#/lead/${encodeURIComponent(lead.id)}` },
          h('span', { class: 'name' }, lead.name || '(no name)'),
          ' ',
          h('span', { class: 'badge' }, STATUS_LABELS[lead.status] ?? lead.status),
          ' ',
          promise,
          h(
            'span',
            { class: 'meta' },
            [
              valueLabel(lead.department),
              valueLabel(lead.form),
              lead.stock ? `stock ${lead.stock}` : '',
              list.facets.stores.length > 1 && lead.store ? valueLabel(lead.store) : '',
            ]
              .filter(Boolean)
              .join(' · '),
          ),
          h('span', { class: 'meta' }, h('time', { datetime: new Date(lead.at).toISOString() }, `${when(lead.at)} (${durationText(now - lead.at)} ago)`)),
        ),
      );
    }),
  );
  $('page').textContent = `Page ${list.page} of ${list.pages}`;
  $<HTMLButtonElement>('prev').disabled = list.page <= 1;
  $<HTMLButtonElement>('next').disabled = list.page >= list.pages;
  $('times').replaceChildren(
    ...(list.responseTimes.length === 0
      ? [h('tr', {}, h('td', { colspan: '4' }, 'No leads in the last 8 weeks.'))]
      : list.responseTimes.map((row) =>
          h(
            'tr',
            {},
            h('td', {}, row.week),
            h('td', {}, valueLabel(row.department)),
            h('td', {}, String(row.leads)),
            h('td', {}, row.medianMinutes === null ? 'no answer yet' : durationText(row.medianMinutes * 60_000)),
          ),
        )),
  );
  show('list-view', focusList ? 'list-title' : undefined);
  focusList = false;
}

const REPLY_NAMES: Record<ReplyChannel, string> = { call: 'Called', text: 'Texted', email: 'E-mailed' };

/**
 * A reply link (docs/product.md §Inbox): the tap opens the phone's dialler, messages or mail with
 * the dealer's template, and records the first response. The record goes with fetch's keepalive,
 * which outlives the page (sendBeacon cannot carry the sign-in's Authorization header, and the
 * API takes no cookies); nothing waits for it, so the link opens even when the record fails.
 */
function replyLink(id: string, channel: ReplyChannel, href: string, label: string): HTMLElement {
  const link = h('a', { href, 'data-reply': channel }, label);
  link.addEventListener('click', () => {
    const current = token();
    if (!current) return;
    fetch(`/api/admin/leads/${encodeURIComponent(id)}`, {
      method: 'POST',
      keepalive: true,
      headers: { Authorization: `Bearer ${current}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'reply', channel }),
    })
      .then((response) => {
        if (response.ok && location.hash === `#/lead/${encodeURIComponent(id)}`) void showLead(id);
      })
      .catch(() => undefined);
  });
  return link;
}

interface LeadDetail {
  user: string;
  lead: Record<string, unknown> & {
    id: string;
    receivedAt: string;
    form?: string;
    inquiry: { firstName: string; lastName: string; email: string; phone: string; interest: string; message: string };
    source: Record<string, unknown>;
  };
  handling: {
    status: keyof typeof STATUS_LABELS;
    notes: { at: string; by: string; text: string }[];
    history: { at: string; by: string; from: string; to: string }[];
    replies?: { at: string; by: string; channel: ReplyChannel }[];
    firstResponseAt?: string;
  };
  reply: ReplyLinks;
  promise: string;
  unit: { path: string; name: string; stockNumber: string; priceThen: number | null; priceNow: number | null; status: string | null } | null;
  photos: { n: number; name: string; url: string | null }[];
  delivery: {
    attempts: number;
    lastError?: string;
    sentAt?: string;
    nextAttemptAt?: string;
    messages: { message: string; sentAt?: string; emailId?: string; skipped?: string }[];
  };
}

const MESSAGE_NAMES: Readonly<Record<string, string>> = {
  dealer: "Dealer's e-mail (with ADF)",
  crm: 'ADF copy to the CRM',
  fallback: 'Plain copy',
  receipt: "Visitor's receipt",
};

/** Every stored field as label/value rows: nested records flattened ("Trade · Battery age"). */
function rows(value: unknown, label: string): [string, string][] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value))
    return value.every((item) => typeof item !== 'object') ? [[label, value.join(', ')]] : value.flatMap((item, i) => rows(item, `${label} ${i + 1}`));
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => rows(item, label ? `${label} · ${humanKey(key)}` : humanKey(key)));
  return [[label, typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value)]];
}

const humanKey = (key: string) => valueLabel(key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());

function list(rowsOf: [string, string][]): HTMLElement {
  return h('dl', {}, ...rowsOf.flatMap(([term, detail]) => [h('dt', {}, term), h('dd', {}, detail)]));
}

function card(title: string, ...children: Child[]): HTMLElement {
  return h('section', { class: 'card' }, h('h2', {}, title), ...children);
}

async function showLead(id: string): Promise<void> {
  const detail = await api<LeadDetail>(`/api/admin/leads/${encodeURIComponent(id)}`);
  signedIn(detail.user);
  say('');
  const { lead, handling, unit } = detail;
  const { inquiry } = lead;
  $('lead-title').textContent = `${inquiry.firstName} ${inquiry.lastName}`.trim() || 'Lead';
  const statusSelect = h('select', { id: 'lead-status', name: 'status' }, ...LEAD_STATUSES.map((value) => h('option', { value }, STATUS_LABELS[value])));
  (statusSelect as HTMLSelectElement).value = handling.status;
  const statusForm = h(
    'form',
    { id: 'status-form' },
    h('p', { class: 'field' }, h('label', { for: 'lead-status' }, 'Status of this lead'), statusSelect),
    h('p', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Save status')),
  );
  statusForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void run(async () => {
      await api(`/api/admin/leads/${encodeURIComponent(id)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'status', status: (statusSelect as HTMLSelectElement).value }),
      });
      await showLead(id);
      say(`Status saved: ${STATUS_LABELS[(statusSelect as HTMLSelectElement).value as keyof typeof STATUS_LABELS]}.`);
    });
  });
  const noteForm = h(
    'form',
    { id: 'note-form' },
    h(
      'p',
      { class: 'field' },
      h('label', { for: 'note' }, 'New note'),
      h('textarea', { id: 'note', name: 'note', rows: '3', maxlength: '4000', required: '' }),
    ),
    h('p', { class: 'actions' }, h('button', { type: 'submit' }, 'Add note')),
  );
  noteForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = ($<HTMLTextAreaElement>('note').value ?? '').trim();
    void run(async () => {
      await api(`/api/admin/leads/${encodeURIComponent(id)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'note', text }),
      });
      await showLead(id);
      say('Note added.');
    });
  });
  const resend = h('button', { type: 'button', id: 'resend' }, 'Send its e-mails again');
  resend.addEventListener(
    'click',
    () =>
      void run(async () => {
        const result = await api<{ delivery: string }>(`/api/admin/leads/${encodeURIComponent(id)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ action: 'resend' }),
        });
        await showLead(id);
        say(result.delivery === 'sent' ? 'Every e-mail of this lead is sent.' : `Sending: ${result.delivery}.`);
      }),
  );

  const { inquiry: _inquiry, source, id: _id, receivedAt, form, photos: _photos, unit: _unit, status: delivered, ...records } = lead;
  const promise =
    detail.promise === 'late' || detail.promise === 'overdue' ? h('span', { class: `badge ${detail.promise}` }, PROMISE_LABELS[detail.promise]) : null;
  const sections: Child[] = [
    h(
      'p',
      {},
      h('span', { class: 'badge' }, STATUS_LABELS[handling.status]),
      ' ',
      promise,
      ' ',
      `${valueLabel(inquiry.interest)} · ${formLabel(form ?? 'contact')} · ${when(receivedAt)}`,
    ),
    h(
      'p',
      { class: 'contact' },
      replyLink(id, 'call', detail.reply.call, `Call ${inquiry.phone}`),
      replyLink(id, 'text', detail.reply.text, `Text ${inquiry.phone}`),
      replyLink(id, 'email', detail.reply.email, `E-mail ${inquiry.email}`),
    ),
    card('Status', statusForm),
    card('Message', h('p', { class: 'message' }, inquiry.message)),
    unit &&
      card(
        'The unit',
        list([
          ['Unit', unit.name],
          ['Stock number', unit.stockNumber],
          ['Price then', unit.priceThen === null ? 'not recorded' : money.format(unit.priceThen)],
          ['Price now', unit.priceNow === null ? 'no longer listed' : money.format(unit.priceNow)],
          ...(unit.status ? ([['Status now', valueLabel(unit.status)]] as [string, string][]) : []),
        ]),
        h('p', {}, h('a', { href: unit.path }, `Open ${unit.name}`)),
      ),
    detail.photos.length > 0 &&
      card(
        'Photos',
        h(
          'ul',
          {},
          ...detail.photos.map((photo) =>
            h(
              'li',
              {},
              photo.url
                ? h('a', { href: photo.url, target: '_blank', rel: 'noopener noreferrer' }, `${photo.name} (link good for an hour)`)
                : `${photo.name} (photo links are not set up)`,
            ),
          ),
        ),
      ),
    card(
      'Details',
      list([
        ['Name', `${inquiry.firstName} ${inquiry.lastName}`],
        ['E-mail', inquiry.email],
        ['Phone', inquiry.phone],
        ['Department', valueLabel(inquiry.interest)],
        ['Received', when(receivedAt)],
        ...rows(records, ''),
        ...rows(source, 'Source'),
        ['E-mail delivery', delivered === 'sent' ? 'all sent' : 'still sending'],
        ['Lead id', lead.id],
      ]),
    ),
    card(
      'Notes',
      handling.notes.length === 0
        ? h('p', { class: 'hint' }, 'No notes yet.')
        : h(
            'ol',
            {},
            ...handling.notes.map((note) => h('li', {}, h('p', { class: 'message' }, note.text), h('p', { class: 'hint' }, `${note.by}, ${when(note.at)}`))),
          ),
      noteForm,
    ),
    card(
      'Status changes',
      handling.history.length === 0
        ? h('p', { class: 'hint' }, 'Still as it came in.')
        : h(
            'ol',
            {},
            ...handling.history.map((change) =>
              h(
                'li',
                {},
                `${STATUS_LABELS[change.from as keyof typeof STATUS_LABELS] ?? change.from} → ${STATUS_LABELS[change.to as keyof typeof STATUS_LABELS] ?? change.to}, by ${change.by}, ${when(change.at)}`,
              ),
            ),
          ),
      (handling.replies ?? []).length > 0 &&
        h('ol', { id: 'replies' }, ...(handling.replies ?? []).map((reply) => h('li', {}, `${REPLY_NAMES[reply.channel]} by ${reply.by}, ${when(reply.at)}`))),
    ),
    card(
      'E-mails of this lead',
      h(
        'ul',
        {},
        ...detail.delivery.messages.map((entry) =>
          h('li', {}, `${MESSAGE_NAMES[entry.message] ?? entry.message}: ${entry.skipped ? `not sent (${entry.skipped})` : `sent ${when(entry.sentAt)}`}`),
        ),
        detail.delivery.messages.length === 0 ? h('li', {}, 'Nothing sent yet.') : null,
      ),
      list([
        ['Attempts', String(detail.delivery.attempts)],
        ...(detail.delivery.lastError ? ([['Last problem', detail.delivery.lastError]] as [string, string][]) : []),
        ...(detail.delivery.nextAttemptAt ? ([['Next try', when(detail.delivery.nextAttemptAt)]] as [string, string][]) : []),
      ]),
      h('p', {}, resend),
    ),
  ];
  $('lead').replaceChildren(...sections.filter((section): section is Node | string => Boolean(section)));
  show('lead-view', 'lead-title');
}

// --- Privacy and export --------------------------------------------------------------------------

interface Holdings {
  leads: { id: string; receivedAt: string; form: string; department: string; photos: number }[];
  photos: number;
  receipts: number;
  subscriptions: { alerts: number }[];
}

const personQuery = (text: string) => (text.includes('@') ? { email: text.trim() } : { phone: text.trim() });

async function showPrivacy(): Promise<void> {
  const { deletions } = await api<{ deletions: { at: string; by: string; leads: number; photos: number; receipts: number; subscriptions: number }[] }>(
    '/api/admin/privacy',
  );
  $('deletions').replaceChildren(
    ...(deletions.length === 0
      ? [h('li', { class: 'hint' }, 'None yet.')]
      : deletions.map((record) =>
          h(
            'li',
            {},
            `${when(record.at)} by ${record.by}: ${record.leads} lead(s), ${record.photos} photo(s), ${record.subscriptions} alert subscription(s), ${record.receipts} receipt record(s)`,
          ),
        )),
  );
  show('privacy-view', 'privacy-title');
}

async function findPerson(text: string): Promise<void> {
  const found = await api<Holdings>('/api/admin/privacy', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ action: 'find', ...personQuery(text) }),
  });
  const alerts = found.subscriptions.reduce((sum, subscription) => sum + subscription.alerts, 0);
  const nothing = found.leads.length === 0 && found.receipts === 0 && found.subscriptions.length === 0;
  const result = $('privacy-result');
  const summary = h(
    'ul',
    {},
    h(
      'li',
      {},
      `${found.leads.length} lead(s)${found.leads.length ? `: ${found.leads.map((lead) => `${formLabel(lead.form)} of ${when(lead.receivedAt)}`).join('; ')}` : ''}`,
    ),
    h('li', {}, `${found.photos} photo(s) with those leads`),
    h('li', {}, `${found.subscriptions.length} alert subscription(s) with ${alerts} alert(s)`),
    h('li', {}, `${found.receipts} receipt record(s)`),
    h('li', {}, 'The mail log keeps no addresses: nothing of theirs is there.'),
  );
  const remove = h('button', { type: 'button', class: 'danger', id: 'privacy-delete' }, 'Delete all of this');
  remove.addEventListener('click', () => {
    const confirm = h('button', { type: 'button', class: 'danger', id: 'privacy-confirm' }, 'Yes, delete it for good');
    const cancel = h('button', { type: 'button' }, 'Cancel');
    cancel.addEventListener('click', () => void findPerson(text));
    confirm.addEventListener(
      'click',
      () =>
        void run(async () => {
          const { deleted } = await api<{ deleted: { leads: number } }>('/api/admin/privacy', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ action: 'delete', confirm: true, ...personQuery(text) }),
          });
          result.replaceChildren();
          say(`Deleted: ${deleted.leads} lead(s) and everything found with them. A record of the deletion, without personal data, is kept.`);
          await showPrivacy();
        }),
    );
    const question = h('p', { id: 'privacy-question', tabindex: '-1' }, `Delete everything above about ${text}? This cannot be undone.`);
    result.replaceChildren(summary, question, h('p', { class: 'contact' }, confirm, cancel));
    question.focus();
  });
  result.replaceChildren(
    h('h2', { id: 'privacy-found', tabindex: '-1' }, `Held about ${text}`),
    summary,
    nothing ? h('p', {}, 'Nothing to delete.') : h('p', {}, remove),
  );
  $('privacy-found').focus();
}

async function download(from: string, to: string): Promise<void> {
  const blob = await api<Blob>(`/api/admin/export?${new URLSearchParams({ from, to })}`);
  const link = h('a', { href: URL.createObjectURL(blob), download: `leads-${from}-to-${to}.csv` });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.getAttribute('href') ?? ''), 10_000);
  say('The CSV file is downloaded.');
}

/**
 * The complete archive (docs/operations.md §The dealer's archive): its chunks one after another
 * (the server's cursor in X-Archive-Next), waiting out the inbox's rate limit when it is reached,
 * saved gzip-compressed as one file, the same `npm run leads -- export` writes.
 */
async function downloadArchive(): Promise<void> {
  const parts: Blob[] = [];
  let cursor = '';
  for (let chunk = 1; ; chunk++) {
    const current = token();
    if (!current) throw new SignedOut('');
    say(`Preparing the archive: part ${chunk}…`);
    const response = await fetch(`/api/admin/archive${cursor ? `?${new URLSearchParams({ cursor })}` : ''}`, {
      headers: { Authorization: `Bearer ${current}` },
    });
    if (response.status === 429) {
      const seconds = Number(response.headers.get('Retry-After')) || 10;
      say(`Preparing the archive: part ${chunk}, waiting ${seconds} s for the inbox's request limit…`);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      chunk--;
      continue;
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      if (response.status === 401) throw new SignedOut(body.error ?? 'Sign in again.');
      throw new Error(body.error ?? `The inbox answered ${response.status}.`);
    }
    parts.push(await response.blob());
    cursor = response.headers.get('X-Archive-Next') ?? '';
    if (!cursor) break;
  }
  const file = await new Response(new Blob(parts).stream().pipeThrough(new CompressionStream('gzip'))).blob();
  const day = calendarDay(new Date());
  const link = h('a', { href: URL.createObjectURL(file), download: `leads-archive-${day}.jsonl.gz` });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.getAttribute('href') ?? ''), 60_000);
  say('The archive is downloaded. Keep it somewhere safe: it holds personal data.');
}

// --- Wiring ------------------------------------------------------------------------------------

async function route(): Promise<void> {
  if (!token()) return showSignIn('');
  const hash = location.hash;
  const lead = /^#\/lead\/([^/]+)$/.exec(hash)?.[1];
  await run(async () => {
    if (lead) await showLead(decodeURIComponent(lead));
    else if (hash === '#/privacy') await showPrivacy();
    else if (hash === '#/export') show('export-view', 'export-title');
    else await showList();
  });
}

$('filters').addEventListener('submit', (event) => {
  event.preventDefault();
  page = 1;
  void run(showList);
});
$('prev').addEventListener('click', () => {
  page = Math.max(1, page - 1);
  focusList = true;
  void run(showList);
});
$('next').addEventListener('click', () => {
  page += 1;
  focusList = true;
  void run(showList);
});
$('privacy-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const text = $<HTMLInputElement>('person').value;
  void run(() => findPerson(text));
});
$('export-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void run(() => download($<HTMLInputElement>('from').value, $<HTMLInputElement>('to').value));
});
$('archive-download').addEventListener('click', () => void run(downloadArchive));
$('sign-out').addEventListener('click', () => signOut('Signed out.'));
$('local-sign-in').addEventListener('click', () => signIn(LOCAL_TOKEN));
$('github-sign-in').addEventListener(
  'click',
  () =>
    void githubSignIn(location.hostname).then(
      (value) => signIn(value),
      (error: unknown) => say(error instanceof Error ? error.message : 'The sign-in did not finish.'),
    ),
);
window.addEventListener('hashchange', () => {
  focusList = true;
  void route();
});
const today = calendarDay(new Date());
$<HTMLInputElement>('to').value = today;
$<HTMLInputElement>('from').value = `${today.slice(0, 8)}01`;
void route();
