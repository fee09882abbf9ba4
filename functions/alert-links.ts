import type { Config } from '@netlify/functions';
import { refuseSpeculation } from './lib/http/guards.ts';
import { dealer } from '../src/lib/data/dealer.ts';
import { formatLongDate } from '../src/lib/site/legal.ts';
import { alertsEnv } from '../src/lib/settings/alerts.ts';
import { titleOf } from './lib/alerts/lot.ts';
import { alertPage, backLinks, buttonForm, p } from './lib/alerts/pages.ts';
import { alertsBlobs, readSubscriber, type Subscriber } from './lib/alerts/blobs.ts';
import { CONFIRM_DAYS, confirmAlert, confirmLinkState, DAY_MS, endAlerts, openManageLink } from './lib/alerts/subscriptions.ts';
import { manageToken } from './lib/alerts/tokens.ts';
import { methodNotAllowed } from './lib/http/responses.ts';
import { readBody } from './lib/http/request.ts';
import { escapeHtml } from './lib/text.ts';

/**
 * The addresses alert e-mails link to (docs/product.md §Alerts), each signed (lib/alerts/tokens.ts):
 *
 *   GET  /alerts/confirm?s&a&t          the alert to confirm, with one button
 *   POST /alerts/confirm?s&a&t          turns it on
 *   GET  /alerts/manage?s&t             the subscriber's alerts, each with an End button
 *   POST /alerts/manage?s&t             end=<alert id> or end=all
 *   GET  /api/alerts/unsubscribe?s&t    "Unsubscribe from every alert?" with one button
 *   POST /api/alerts/unsubscribe?s&t    ends every alert: the button, or a mail program's
 *                                       one-click unsubscribe (RFC 8058)
 *
 * A GET never changes anything (mail scanners open links). A link that is forged, expired or
 * no longer names anything gets the same 404 page, which says nothing about any address.
 */

const CONFIRM = '/alerts/confirm';
const MANAGE = '/alerts/manage';
const UNSUBSCRIBE = '/api/alerts/unsubscribe';

export default async function alertLinksHandler(request: Request): Promise<Response> {
  const refused = refuseSpeculation(request);
  if (refused) return refused;
  if (request.method !== 'GET' && request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
  const url = new URL(request.url);
  const query = url.searchParams;
  const env = alertsEnv();
  const secret = env.ok ? env.secret : null;
  const store = alertsBlobs();
  const hash = query.get('s') ?? '';
  const token = query.get('t') ?? '';
  const path = url.pathname.replace(/\/+$/, '');
  try {
    if (path === CONFIRM) {
      const alertId = query.get('a') ?? '';
      if (request.method === 'GET') {
        const state = await confirmLinkState(store, secret, hash, alertId, token);
        if (state === 'invalid') return invalidLink();
        if (state === 'confirmed') return confirmedPage(secret, hash, store);
        const alert = (await readSubscriber(store, hash))?.record.alerts.find((candidate) => candidate.id === alertId);
        return alertPage(
          200,
          'Confirm your alert',
          `${p('You asked us to e-mail you about this:')}<p><strong>${escapeHtml(alert ? titleOf(alert.alert, { withSearch: true }) : '')}</strong></p>${buttonForm(`${CONFIRM}?${query}`, 'Turn on this alert')}${p(
            'We then e-mail you at most once a day, only when a cart matches, and every e-mail has a link to end your alerts.',
            'note',
          )}${backLinks}`,
          dealer,
        );
      }
      const state = await confirmAlert(store, secret, hash, alertId, token);
      return state === 'invalid' ? invalidLink() : confirmedPage(secret, hash, store);
    }

    if (path === MANAGE || path === UNSUBSCRIBE) {
      const opened = await openManageLink(store, secret, hash, token);
      if (!opened.ok) return request.method === 'POST' && path === UNSUBSCRIBE ? endedPage() : invalidLink();
      const here = `${path}?${new URLSearchParams({ s: hash, t: token })}`;
      if (request.method === 'GET') {
        if (path === UNSUBSCRIBE)
          return alertPage(
            200,
            'Unsubscribe from every alert?',
            `${p(`This ends all ${countText(opened.record)} and deletes your address from our alert list.`)}${buttonForm(here, 'Unsubscribe from every alert')}<p><a href="${escapeHtml(`${MANAGE}?${new URLSearchParams({ s: hash, t: token })}`)}">See your alerts one by one</a></p>`,
            dealer,
          );
        return managePage(opened.record, here);
      }
      // POST: a mail program's one-click unsubscribe or the page's button ends everything.
      const body = await readBody(request);
      const end = 'error' in body ? undefined : typeof body.fields.end === 'string' ? body.fields.end : undefined;
      if (path === UNSUBSCRIBE || end === 'all') {
        await endAlerts(store, hash, 'all');
        return endedPage();
      }
      if (!end) return managePage(opened.record, here);
      const { left } = await endAlerts(store, hash, [end]);
      if (left === 0) return endedPage();
      const reopened = await openManageLink(store, secret, hash, token);
      return reopened.ok ? managePage(reopened.record, here, 'That alert has ended.') : endedPage();
    }
    return invalidLink();
  } catch (error) {
    console.error(`[alerts] A link could not be answered: ${error instanceof Error ? error.message : 'unknown error'}`);
    return alertPage(503, 'Please try again', `${p('We could not open your alerts just now. Please try again in a minute.')}${backLinks}`, dealer, {
      'Retry-After': '60',
    });
  }
}

function countText(record: Subscriber): string {
  const n = record.alerts.length;
  return n === 1 ? 'your alert' : `your ${n} alerts`;
}

function invalidLink(): Response {
  return alertPage(
    404,
    'This link does not work any more',
    `${p(
      `A link to confirm an alert works for ${CONFIRM_DAYS} days, and the links in our e-mails stop working once the alerts they name have ended. You can ask for an alert again on the page of any cart, on a model page or on the inventory.`,
    )}${backLinks}`,
    dealer,
  );
}

/** After a valid confirmation link: the alert is on; the page links to all of the subscriber's alerts. */
async function confirmedPage(secret: string | null, hash: string, store: ReturnType<typeof alertsBlobs>): Promise<Response> {
  const record = (await readSubscriber(store, hash))?.record;
  const manage =
    secret && record
      ? `<p><a href="${escapeHtml(`${MANAGE}?${new URLSearchParams({ s: hash, t: manageToken(secret, hash, record) })}`)}">See or end your alerts</a></p>`
      : '';
  return alertPage(
    200,
    'Your alert is on',
    `<div class="ok">${p('Thank you. We will e-mail you when a cart matches: at most once a day, with the photo, price and payment of each.')}</div>${manage}${backLinks}`,
    dealer,
  );
}

function endedPage(): Response {
  return alertPage(
    200,
    'Your alerts have ended',
    `<div class="ok">${p('We will not send you alerts any more, and your address is deleted from our alert list.')}</div>${backLinks}`,
    dealer,
  );
}

function managePage(record: Subscriber, here: string, notice?: string): Response {
  const items = record.alerts
    .map((alert) => {
      const status = alert.confirmedAt
        ? `On since ${formatLongDate(alert.confirmedAt.slice(0, 10))}`
        : `Waiting for you to confirm it (the link we e-mailed works until ${formatLongDate(new Date(Date.parse(alert.requestedAt) + CONFIRM_DAYS * DAY_MS).toISOString().slice(0, 10))})`;
      return `<li><div><strong>${escapeHtml(titleOf(alert.alert, { withSearch: true }))}</strong><br><span class="note">${escapeHtml(status)}</span></div>${buttonForm(here, 'End this alert', { end: alert.id }, true)}</li>`;
    })
    .join('');
  return alertPage(
    200,
    'Your alerts',
    `${notice ? `<div class="ok">${p(notice)}</div>` : ''}${p(`E-mails go to ${record.email}, at most once a day.`)}<ul class="alerts">${items}</ul>${buttonForm(here, 'End all alerts', { end: 'all' })}${backLinks}`,
    dealer,
  );
}

// Written out: Netlify reads the routes from the source without running it.
export const config: Config = { path: ['/alerts/confirm', '/alerts/manage', '/api/alerts/unsubscribe'] };
