import type { Dealer } from '../../src/lib/data/dealer.ts';
import {
  FIELD_LABELS,
  HONEYPOT_FIELD,
  IDEMPOTENCY_FIELD,
  INQUIRY_FIELDS,
  INTEREST_LABELS,
  INTERESTS,
  LIMITS,
  UTM_FIELDS,
  type FieldErrors,
  type InquiryField,
} from '../../src/lib/inquiry.ts';
import { escapeHtml } from './text.ts';

/**
 * The answer to a plain HTML form post (JavaScript off) that cannot be filed as sent: the
 * same form again, the visitor's input kept, each error beside its field and listed on top,
 * focus on the first error (autofocus needs no script). It posts to /api/contact again.
 */

export interface FormPageInput {
  /** What the visitor sent, as text. */
  values: Record<string, string>;
  errors: FieldErrors;
  /** A problem that is not about one field (rate limit, storage down). */
  notice?: string;
  /** A fresh key, so a double submit of this page files one lead. */
  idempotencyKey: string;
}

/** The hidden fields that carry where the lead came from through a second post. */
const CARRIED = ['vehicle', 'page', 'referrer', ...UTM_FIELDS] as const;

export const FORM_PAGE_STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a;background:#f8fafc;line-height:1.5}
header{background:#fff;border-bottom:1px solid #e2e8f0}header div{max-width:48rem;margin:0 auto;padding:.75rem 1rem;display:flex;justify-content:space-between;align-items:center;gap:1rem;flex-wrap:wrap}
a{color:#166534}header a{font-weight:700;min-height:44px;display:inline-flex;align-items:center}
main{max-width:48rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{font-size:1.875rem;margin:0 0 .5rem}
.summary{border:2px solid #b91c1c;background:#fef2f2;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0}.summary h2{margin:0 0 .5rem;font-size:1.125rem;color:#991b1b}.summary ul{margin:0;padding-left:1.25rem}.summary a{color:#991b1b;font-weight:600}
form{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.25rem;display:grid;gap:1rem}
.row{display:grid;gap:1rem}@media(min-width:40rem){.row{grid-template-columns:1fr 1fr}}
label{display:block;font-weight:600;margin-bottom:.25rem}input,select,textarea{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #64748b;border-radius:.5rem;background:#fff;color:#0f172a;min-height:44px}
[aria-invalid=true]{border:2px solid #b91c1c}.error{color:#b91c1c;font-size:.9375rem;margin:.25rem 0 0}
button{font:inherit;font-weight:600;background:#166534;color:#fff;border:0;border-radius:.5rem;padding:.75rem 1.25rem;min-height:44px;cursor:pointer}button:hover{background:#14532d}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}:focus-visible{outline:3px solid #16a34a;outline-offset:2px}
`;

export function formPage(input: FormPageInput, dealer: Dealer): string {
  const { values, errors, notice } = input;
  const firstInvalid = INQUIRY_FIELDS.find((field) => errors[field]);
  const value = (name: string) => escapeHtml(values[name] ?? '');
  const errorId = (field: InquiryField) => `contact-${field}-error`;
  const control = (field: InquiryField) => {
    const id = `contact-${field}`;
    const error = errors[field];
    const aria = `${error ? ` aria-invalid="true" aria-describedby="${errorId(field)}"` : ''}${field === firstInvalid ? ' autofocus' : ''}`;
    const help = error ? `<p class="error" id="${errorId(field)}">${escapeHtml(error)}</p>` : '';
    const label = `<label for="${id}">${escapeHtml(FIELD_LABELS[field])}</label>`;
    if (field === 'message') {
      return `<div>${label}<textarea id="${id}" name="message" rows="6" required maxlength="${LIMITS.message}"${aria}>${value('message')}</textarea>${help}</div>`;
    }
    if (field === 'interest') {
      const chosen = values.interest || 'sales';
      const options = INTERESTS.map((i) => `<option value="${i}"${i === chosen ? ' selected' : ''}>${INTEREST_LABELS[i]}</option>`).join('');
      return `<div>${label}<select id="${id}" name="interest"${aria}>${options}</select>${help}</div>`;
    }
    const attrs = {
      firstName: `type="text" autocomplete="given-name" maxlength="${LIMITS.name}"`,
      lastName: `type="text" autocomplete="family-name" maxlength="${LIMITS.name}"`,
      email: `type="email" autocomplete="email" maxlength="${LIMITS.email}"`,
      phone: `type="tel" autocomplete="tel" maxlength="${LIMITS.phone}"`,
    }[field];
    return `<div>${label}<input id="${id}" name="${field}" ${attrs} required value="${value(field)}"${aria}>${help}</div>`;
  };
  const listed = INQUIRY_FIELDS.filter((field) => errors[field]);
  const summary =
    listed.length > 0
      ? `<div class="summary"><h2>Please correct ${listed.length === 1 ? 'this field' : `these ${listed.length} fields`}</h2><ul>${listed
          .map((field) => `<li><a href="#contact-${field}">${escapeHtml(errors[field] ?? '')}</a></li>`)
          .join('')}</ul></div>`
      : notice
        ? `<div class="summary"><h2>Your message was not sent</h2><p>${escapeHtml(notice)}</p></div>`
        : '';
  const hidden = CARRIED.filter((name) => values[name])
    .map((name) => `<input type="hidden" name="${name}" value="${value(name)}">`)
    .join('');
  const phone = dealer.phones.local;

  return functionPageHtml(
    'Send Us a Message',
    dealer,
    FORM_PAGE_STYLE,
    `<h1>Send Us a Message</h1>
<p>Your message has not been sent yet. ${listed.length > 0 ? 'Fix what is marked below and send it again' : 'Please try again'}, or call us at <a href="tel:${escapeHtml(phone.e164)}">${escapeHtml(phone.display)}</a>.</p>
${summary}
<form method="post" action="/api/contact" novalidate>
<div class="row">${control('firstName')}${control('lastName')}</div>
<div class="row">${control('email')}${control('phone')}</div>
${control('interest')}
${control('message')}
${hidden}<input type="hidden" name="${IDEMPOTENCY_FIELD}" value="${escapeHtml(input.idempotencyKey)}">
<div class="hp" aria-hidden="true"><label for="contact-${HONEYPOT_FIELD}">Leave this field empty</label><input id="contact-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></div>
<div><button type="submit">Send Message</button></div>
</form>
<p><a href="/contact">Back to the contact page</a></p>`,
  );
}

/**
 * The document of a page a function answers with (a form again, a quote, an alert link's page):
 * the dealer's name and phone on top, `main` below, and one style of its own, which the page's
 * Content-Security-Policy allows by hash.
 */
export function functionPageHtml(title: string, dealer: Dealer, style: string, main: string): string {
  const phone = dealer.phones.local;
  return `<!doctype html>
<html lang="en-US">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(dealer.name)}</title>
<style>${style}</style>
</head>
<body>
<header><div><a href="/">${escapeHtml(dealer.name)}</a><a href="tel:${escapeHtml(phone.e164)}">Call ${escapeHtml(phone.display)}</a></div></header>
<main>
${main}
</main>
</body>
</html>
`;
}
