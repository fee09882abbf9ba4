import type { Dealer } from '../../../src/lib/data/dealer.ts';
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD } from '../../../src/lib/leads/inquiry.ts';
import { fieldOf, type Errors, type FieldSpec, type FormSpec, type Option, type OptionGroup, type Values } from '../../../src/lib/leads/form.ts';
import { PHOTO_ACCEPT } from '../../../src/lib/leads/photos.ts';
import { escapeHtml } from '../text.ts';

/**
 * The pages a lead function answers a plain HTML form post with (JavaScript off): any lead
 * form again, from the same field specs as its island (src/lib/leads/form.ts), with the
 * visitor's input kept, each error beside its field and listed on top, focus on the first
 * error (autofocus needs no script); and the steps a form shows before it files (the rental
 * quote). One renderer for every form (docs/decisions/one-lead-intake.md).
 */

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
fieldset{border:0;margin:0;padding:0;display:grid;gap:1rem}legend{font-weight:700;font-size:1.125rem;margin-bottom:.5rem}
.check{display:flex;gap:.75rem;align-items:flex-start}.check input{width:1.5rem;min-height:1.5rem;height:1.5rem;margin-top:.125rem;flex:none}.check label{font-weight:400;margin:0}
fieldset.choices legend{font-size:1rem;font-weight:600;margin-bottom:.25rem}fieldset.choices{gap:.5rem}
.quote{background:#f0fdf4;border:2px solid #166534;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0}.quote h2{margin:0 0 .5rem;font-size:1.25rem}
dl{margin:0;display:grid;gap:.375rem}dl div{display:flex;flex-wrap:wrap;justify-content:space-between;gap:0 1rem}dt{margin:0}dd{margin:0;font-weight:600}
dl div.total{border-top:1px solid #166534;padding-top:.375rem;font-size:1.125rem;font-weight:700}.note{font-size:.9375rem;color:#334155;margin:0 0 .25rem;font-weight:400}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;margin-top:1.25rem}button.secondary{background:#fff;color:#166534;border:2px solid #166534}button.secondary:hover{background:#f0fdf4}
input[type=file]{padding:.5rem}
`;

export interface FormPageInput {
  /** What the visitor sent, as text. */
  values: Values;
  errors: Errors;
  /** A problem that is not about one field (rate limit, storage down). */
  notice?: string;
  /** A fresh key, so a double submit of this page files one lead. */
  idempotencyKey?: string;
  /** Photos already received with this submission (kept for the next post). */
  keptPhotos?: readonly { index: number; name: string }[];
}

/** How one form's page reads: its heading, what it posts to, its button, its words. */
export interface PageSpec {
  /** The page title and heading, e.g. "Send Us a Message". */
  title: string;
  action: string;
  form: FormSpec;
  submit: string;
  /** "message" or "request": "Your message has not been sent yet." */
  noun: string;
  back: { href: string; text: string };
  /** Names that ride along as hidden fields (where the lead came from). */
  carried: readonly string[];
  /** The first paragraph when nothing is wrong (a step shown again to change it). */
  introUnchanged?: string;
  /** What to do once the mistakes are fixed: "send it again", "ask for your quote again". */
  again?: string;
  /** A photo field makes the form post multipart/form-data. */
  multipart?: boolean;
  /** More submit buttons before the main one (e.g. "Get quote" without personal details). */
  extraButtons?: string;
}

function shell(title: string, dealer: Dealer, body: string): string {
  return functionPageHtml(title, dealer, FORM_PAGE_STYLE, body);
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

export const hidden = (name: string, value: string) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;

export const carriedFields = (names: readonly string[], values: Values) =>
  names
    .map((name) => [name, textOf(values[name])] as const)
    .filter(([, value]) => value)
    .map(([name, value]) => hidden(name, value))
    .join('');

export const honeypot = (prefix: string) =>
  `<div class="hp" aria-hidden="true"><label for="${prefix}-${HONEYPOT_FIELD}">Leave this field empty</label><input id="${prefix}-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></div>`;

function textOf(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/** The controls of a form, from its specs: each with its label, hint, error and the visitor's value. */
export function formFields(form: FormSpec, values: Values, errors: Errors, keptPhotos: FormPageInput['keptPhotos'] = []): string {
  const order = form.sections.flatMap((section) => section.rows.flatMap((row) => (typeof row === 'string' ? [row] : row)));
  const firstInvalid = order.find((name) => errors[name]);
  const control = (spec: FieldSpec) => renderField(form.prefix, spec, values, errors, spec.name === firstInvalid, keptPhotos);
  return form.sections
    .map((section) => {
      const rows = section.rows
        .map((row) =>
          typeof row === 'string' ? control(fieldOf(form, row)) : `<div class="row">${row.map((name) => control(fieldOf(form, name))).join('')}</div>`,
        )
        .join('\n');
      return section.legend ? `<fieldset><legend>${escapeHtml(section.legend)}</legend>\n${rows}\n</fieldset>` : rows;
    })
    .join('\n');
}

function renderField(
  prefix: string,
  spec: FieldSpec,
  values: Values,
  errors: Errors,
  first: boolean,
  keptPhotos: NonNullable<FormPageInput['keptPhotos']>,
): string {
  const id = `${prefix}-${spec.name}`;
  const error = errors[spec.name];
  const hintId = spec.hint ? `${id}-hint` : '';
  const describedBy = [error ? `${id}-error` : '', hintId].filter(Boolean).join(' ');
  const aria = `${error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}${first ? ' autofocus' : ''}`;
  const help = error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : '';
  const hint = spec.hint ? `<p id="${hintId}" class="note">${escapeHtml(spec.hint)}</p>` : '';
  const label = `<label for="${id}">${escapeHtml(spec.label)}</label>`;
  const value = textOf(values[spec.name]);
  const chosen = new Set(Array.isArray(values[spec.name]) ? (values[spec.name] as string[]) : value ? [value] : []);

  switch (spec.kind) {
    case 'select': {
      const option = (o: Option) => `<option value="${escapeHtml(o.value)}"${o.value === value ? ' selected' : ''}>${escapeHtml(o.label)}</option>`;
      const options = spec.options
        .map((o: Option | OptionGroup) => ('group' in o ? `<optgroup label="${escapeHtml(o.group)}">${o.options.map(option).join('')}</optgroup>` : option(o)))
        .join('');
      return `<div>${label}${hint}<select id="${id}" name="${spec.name}"${aria}>${options}</select>${help}</div>`;
    }
    case 'textarea':
      return `<div>${label}${hint}<textarea id="${id}" name="${spec.name}" rows="${spec.rows}" maxlength="${spec.maxLength}"${spec.required ? ' required' : ''}${aria}>${escapeHtml(value)}</textarea>${help}</div>`;
    case 'checkbox':
      return `<div><div class="check"><input id="${id}" name="${spec.name}" type="checkbox"${value === 'on' || value === 'true' ? ' checked' : ''}${aria}>${label}</div>${help}</div>`;
    case 'radios':
    case 'checkboxes': {
      const type = spec.kind === 'radios' ? 'radio' : 'checkbox';
      const boxes = spec.options
        .map((o, index) => {
          const boxId = index === 0 ? id : `${id}-${o.value}`;
          const boxAria = `${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}${first && index === 0 ? ' autofocus' : ''}`;
          return `<div class="check"><input id="${boxId}" name="${spec.name}" type="${type}" value="${escapeHtml(o.value)}"${chosen.has(o.value) ? ' checked' : ''}${boxAria}><label for="${boxId}">${escapeHtml(o.label)}</label></div>`;
        })
        .join('');
      return `<fieldset class="choices"${hintId ? ` aria-describedby="${hintId}"` : ''}><legend>${escapeHtml(spec.label)}</legend>${hint}${boxes}${help}</fieldset>`;
    }
    case 'photos': {
      const kept = keptPhotos.length
        ? `<p class="note">Received already, no need to choose again: ${keptPhotos.map((photo) => escapeHtml(photo.name)).join(', ')}.</p>${keptPhotos.map((photo) => hidden('keptPhoto', String(photo.index))).join('')}`
        : '';
      return `<div>${label}${hint}${kept}<input id="${id}" name="${spec.name}" type="file" accept="${PHOTO_ACCEPT}"${spec.max > 1 ? ' multiple' : ''}${aria}>${help}</div>`;
    }
    default: {
      const attrs = [
        spec.autoComplete ? ` autocomplete="${spec.autoComplete}"` : '',
        spec.maxLength ? ` maxlength="${spec.maxLength}"` : '',
        spec.inputMode ? ` inputmode="${spec.inputMode}"` : '',
        spec.step ? ` step="${spec.step}"` : '',
        spec.required ? ' required' : '',
      ].join('');
      return `<div>${label}${hint}<input id="${id}" name="${spec.name}" type="${spec.kind}" value="${escapeHtml(value)}"${attrs}${aria}>${help}</div>`;
    }
  }
}

/** The summary on top: the errors as links to their fields, or a notice. */
function summary(form: FormSpec, errors: Errors, notice: string | undefined, noun: string): { html: string; count: number } {
  const order = form.sections.flatMap((section) => section.rows.flatMap((row) => (typeof row === 'string' ? [row] : row)));
  const listed = order.filter((name) => errors[name]);
  if (listed.length > 0) {
    const items = listed.map((name) => `<li><a href="#${form.prefix}-${name}">${escapeHtml(errors[name] ?? '')}</a></li>`).join('');
    return {
      html: `<div class="summary"><h2>Please correct ${listed.length === 1 ? 'this field' : `these ${listed.length} fields`}</h2><ul>${items}</ul></div>`,
      count: listed.length,
    };
  }
  if (notice) return { html: `<div class="summary"><h2>Your ${noun} was not sent</h2><p>${escapeHtml(notice)}</p></div>`, count: 0 };
  return { html: '', count: 0 };
}

/** A form's page: heading, what went wrong, the form with the visitor's input. */
export function formPage(page: PageSpec, input: FormPageInput, dealer: Dealer, before = ''): string {
  const { values, errors, notice } = input;
  const phone = dealer.phones.local;
  const { html: top, count } = summary(page.form, errors, notice, page.noun);
  const call = `call us at <a href="tel:${escapeHtml(phone.e164)}">${escapeHtml(phone.display)}</a>`;
  const intro =
    count > 0 || notice || !page.introUnchanged
      ? `Your ${page.noun} has not been sent yet. ${count > 0 ? `Fix what is marked below and ${page.again ?? 'send it again'}` : 'Please try again'}, or ${call}.`
      : page.introUnchanged;
  const key = input.idempotencyKey ? hidden(IDEMPOTENCY_FIELD, input.idempotencyKey) : '';
  return shell(
    page.title,
    dealer,
    `<h1>${escapeHtml(page.title)}</h1>
<p>${intro}</p>
${top}${before}
<form method="post" action="${page.action}"${page.multipart ? ' enctype="multipart/form-data"' : ''} novalidate>
${formFields(page.form, values, errors, input.keptPhotos)}
${carriedFields(page.carried, values)}${key}
${honeypot(page.form.prefix)}
<div class="actions">${page.extraButtons ?? ''}<button type="submit">${escapeHtml(page.submit)}</button></div>
</form>
<p><a href="${page.back.href}">${escapeHtml(page.back.text)}</a></p>`,
  );
}

/** A page of its own for a step between posts (the rental quote): heading, body, back link. */
export function stepPage(title: string, body: string, back: PageSpec['back'], dealer: Dealer): string {
  return shell(title, dealer, `<h1>${escapeHtml(title)}</h1>\n${body}\n<p><a href="${back.href}">${escapeHtml(back.text)}</a></p>`);
}
