import type { ReactNode } from 'react';
import type { FormResult, FormSpec, Values } from '../../lib/leads/form.ts';
import Honeypot from './Honeypot.tsx';
import LeadFields from './LeadFields.tsx';
import PhotoField from './PhotoField.tsx';
import { useLeadSubmit, type SubmitOptions } from './use-lead-submit.ts';

/**
 * A lead form island made of its spec and its schema (docs/decisions/one-lead-intake.md): the
 * fields, the photo field when it has one, the honeypot and the send button, posting to its
 * function without JavaScript and through the one submit path with it.
 */

interface Props<V extends Values> extends Omit<SubmitOptions<V>, 'prefix' | 'prepare' | 'recheck'> {
  form: FormSpec;
  validate: (values: V) => FormResult<unknown>;
  /** The JSON body of checked values (the values themselves when absent). */
  body?: (values: V) => Record<string, unknown>;
  submitLabel: string;
  /** Shown above the fields. */
  intro?: ReactNode;
  /** Hidden fields the page fills in (the unit a question is about). */
  hidden?: Readonly<Record<string, string>>;
}

export default function LeadForm<V extends Values>({ form, validate, body, submitLabel, intro, hidden, ...options }: Props<V>) {
  const { values, errors, change, submit, sending, progress, photos, choosePhotos, honeypot } = useLeadSubmit<V>({
    ...options,
    prefix: form.prefix,
    prepare: (current) => {
      const result = validate(current);
      return result.ok ? { ok: true, body: { ...(body ? body(current) : current), ...hidden } } : { ok: false, errors: result.errors };
    },
    recheck: (current) => {
      const result = validate(current);
      return result.ok ? {} : result.errors;
    },
  });
  const takesPhotos = form.fields.some((field) => field.kind === 'photos');

  return (
    <form method="post" action={options.endpoint} encType={takesPhotos ? 'multipart/form-data' : undefined} noValidate onSubmit={submit} className="grid gap-6">
      {intro}
      <LeadFields
        form={form}
        values={values}
        errors={errors}
        onChange={change}
        photos={(spec) => (
          <PhotoField
            id={`${form.prefix}-${spec.name}`}
            name={spec.name}
            label={spec.label}
            hint={spec.hint}
            max={spec.max}
            photos={photos}
            error={errors[spec.name]}
            onChange={choosePhotos}
          />
        )}
      />
      {hidden && Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <Honeypot prefix={form.prefix} inputRef={honeypot} />
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn btn-primary w-full disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto" disabled={sending}>
          {sending ? 'Sending...' : submitLabel}
        </button>
        <p role="status" className="text-slate-700">
          {progress}
        </p>
      </div>
    </form>
  );
}
