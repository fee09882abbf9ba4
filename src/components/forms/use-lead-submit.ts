import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { formEngagementEvent, formSubmissionEvents, pageContext, pushAsc, type AscForm, type AscItem } from '../../lib/analytics/asc.ts';
import { FILL_TIME_FIELD, HONEYPOT_FIELD, leadSourceSchema, UTM_FIELDS, type LeadSource } from '../../lib/leads/inquiry.ts';
import type { Errors, Values } from '../../lib/leads/form.ts';
import { showToast } from '../../state/toast.ts';
import { uploadPhotos, type ChosenPhoto } from './upload-photos.ts';

/**
 * The one way a lead form's island sends (docs/product.md §Leads, docs/decisions/one-lead-intake.md):
 * it checks with the form's schema, moves focus to the first error, sends JSON with an
 * idempotency key per attempt (the same key while nothing changes, so a retry files one lead),
 * the honeypot and the fill time, sends the photos first (in parts, under the same key), shows
 * the server's error in an Error toast, and goes to /thank-you once the server has the lead.
 * It also reports the form's first input and its accepted submission as ASC events.
 */

export type Prepared = { ok: true; body: Record<string, unknown> } | { ok: false; errors: Errors };

export interface SubmitOptions<V extends Values> {
  endpoint: string;
  /** The ids' prefix (errors focus `<prefix>-<field>`). */
  prefix: string;
  /** The fields in form order, for focusing the first error. */
  order: readonly string[];
  initial: V;
  /** Checks the values: the JSON body to send, or the errors. */
  prepare: (values: V) => Prepared;
  /** Checks again after a change, for the fields that show an error. */
  recheck: (values: V) => Errors;
  /** How the events name the form (its department may follow a choice in it). */
  analytics: AscForm | ((values: V) => AscForm);
  /** The unit the form is about, when the page is not its unit page. */
  item?: AscItem;
  /** The error toast when the server names no error, and when nothing arrives (docs/product.md §Errors). */
  texts: { submitFailed: string; sendFailed: string };
  /** Photos to send first: the form they belong to on /api/photo-uploads. */
  photoForm?: 'trade-in' | 'parts';
  /** What a change brings along: the store nearest to a town just chosen (docs/product.md §Stores). */
  follow?: (next: V, name: string) => V;
  /** Reads the address once live (prefill); answers the lead's own source fields besides page, referrer and UTM. */
  fromAddress?: (params: URLSearchParams, set: (update: (current: V) => V) => void) => Partial<LeadSource> | void;
}

export function useLeadSubmit<V extends Values>(options: SubmitOptions<V>) {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<string | undefined>(undefined);
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [source, setSource] = useState<LeadSource>({});
  const shownAt = useRef(0);
  const attemptKey = useRef<string | undefined>(undefined);
  const engaged = useRef(false);
  const honeypot = useRef<HTMLInputElement>(null);

  // Read the address only after hydration, so the first client render matches the server's.
  useEffect(() => {
    shownAt.current = performance.now();
    const params = new URLSearchParams(window.location.search);
    const own = options.fromAddress?.(params, setValues) ?? {};
    setSource(
      leadSourceSchema.parse({
        page: `${window.location.pathname}${window.location.search}`,
        referrer: document.referrer || undefined,
        ...Object.fromEntries(UTM_FIELDS.map((name) => [name, params.get(name) ?? undefined])),
        ...own,
      }),
    );
  }, []);

  const context = (current: V) => {
    const page = pageContext(window);
    const form = typeof options.analytics === 'function' ? options.analytics(current) : options.analytics;
    return { pageType: page.pageType, item: options.item ?? page.item, form };
  };

  /** The visitor changed something: a new attempt, an engagement the first time, errors checked again. */
  function touched(next: V) {
    attemptKey.current = undefined;
    if (!engaged.current) {
      engaged.current = true;
      const { pageType, item, form } = context(next);
      pushAsc(window, [formEngagementEvent(pageType, form, item)]);
    }
    if (Object.keys(errors).length > 0) {
      const now = options.recheck(next);
      setErrors((current) => Object.fromEntries(Object.keys(current).flatMap((name) => (now[name] ? [[name, now[name]]] : []))));
    }
  }

  function change(name: string, value: string | string[]) {
    const changed = { ...values, [name]: value } as V;
    const next = options.follow ? options.follow(changed, name) : changed;
    setValues(next);
    touched(next);
  }

  function choosePhotos(next: ChosenPhoto[], photoError?: string) {
    setPhotos(next);
    touched(values);
    setErrors((current) => ({ ...current, photos: photoError }));
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const prepared = options.prepare(values);
    if (!prepared.ok) {
      setErrors(prepared.errors);
      const first = options.order.find((name) => prepared.errors[name]);
      if (first) document.getElementById(`${options.prefix}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    attemptKey.current ??= newKey();
    const key = attemptKey.current;
    try {
      let sentPhotos: number[] = [];
      if (options.photoForm && photos.length > 0) {
        const uploaded = await uploadPhotos(options.photoForm, key, photos, (done, total) =>
          setProgress(`Sending photo ${Math.min(done + 1, total)} of ${total}...`),
        );
        setProgress(undefined);
        if (!uploaded.ok) {
          setErrors({ photos: uploaded.error });
          showToast({ title: 'Error', description: uploaded.error, variant: 'destructive' });
          setSending(false);
          return;
        }
        sentPhotos = uploaded.indexes;
      }
      const response = await fetch(options.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify({
          ...prepared.body,
          ...source,
          ...(options.photoForm ? { photos: sentPhotos } : {}),
          [HONEYPOT_FIELD]: honeypot.current?.value ?? '',
          [FILL_TIME_FIELD]: Math.round(performance.now() - shownAt.current),
        }),
      });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        showToast({ title: 'Error', description: errorText(body) ?? options.texts.submitFailed, variant: 'destructive' });
        setSending(false);
        return;
      }
      // Only an accepted lead counts as a submission.
      const { pageType, item, form } = context(values);
      pushAsc(window, formSubmissionEvents(pageType, form, item));
      setValues(options.initial);
      setPhotos([]);
      attemptKey.current = undefined;
      window.location.assign('/thank-you');
    } catch {
      setProgress(undefined);
      showToast({ title: 'Error', description: options.texts.sendFailed, variant: 'destructive' });
      setSending(false);
    }
  }

  return { values, setValues, errors, change, submit, sending, progress, photos, choosePhotos, source, honeypot };
}

/** The `error` field of the server's JSON answer, if it has one. */
export function errorText(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' && body.error.trim()) return body.error;
  return undefined;
}

/** One key per submission attempt; crypto.randomUUID needs a secure context, so fall back. */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
