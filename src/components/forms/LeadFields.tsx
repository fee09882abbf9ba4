import { Fragment, memo, useCallback, useRef, type ReactNode } from 'react';
import { fieldOf, type Errors, type FieldSpec, type FormSpec, type Option, type OptionGroup, type Values } from '../../lib/leads/form.ts';

/**
 * A lead form's fields as its island renders them, from the same specs as the page a function
 * answers without JavaScript (src/lib/leads/form.ts, functions/lib/leads/form-page.ts): ids
 * `<prefix>-<name>`, each error beside its field and announced through aria-describedby.
 */

interface Props {
  form: FormSpec;
  values: Values;
  errors: Errors;
  onChange: (name: string, value: string | string[]) => void;
  /** Which sections to show (all when absent). */
  only?: readonly number[];
  /** Shown after the section of that index (the rental quote after the trip). */
  after?: Readonly<Record<number, ReactNode>>;
  /** How a photo field renders (the island that takes photos brings it). */
  photos?: (spec: Extract<FieldSpec, { kind: 'photos' }>) => ReactNode;
  /** Extra attributes per field (the reservation's `min` dates). */
  extra?: Readonly<Record<string, Record<string, string | number>>>;
}

export const fieldClass = (invalid: boolean) =>
  `mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 ${invalid ? 'border-2 border-red-700' : 'border-slate-400'}`;

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

const describedBy = (id: string, error: string | undefined, hint: string | undefined) =>
  [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;

interface FieldProps {
  prefix: string;
  spec: FieldSpec;
  raw: Values[string] | undefined;
  error: string | undefined;
  onChange: Props['onChange'];
  photos: Props['photos'];
  extra: Readonly<Record<string, string | number>> | undefined;
}

const sameEntries = (a: Readonly<Record<string, unknown>> | undefined, b: Readonly<Record<string, unknown>> | undefined) =>
  a === b || (a !== undefined && b !== undefined && Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => a[key] === b[key]));

/**
 * One field renders again only when its own value, error or attributes change: a keystroke in a
 * long form (the reservation's 20 fields and 41 delivery places) then costs one field, not the
 * form (docs/decisions/islands-between-keystrokes.md). A photo field follows its island's state.
 */
const Field = memo(
  function Field({ prefix, spec, raw, error, onChange, photos, extra }: FieldProps) {
    const id = `${prefix}-${spec.name}`;
    const value = Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? '');
    const label = (
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {spec.label}
      </label>
    );
    const hint = spec.hint ? (
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        {spec.hint}
      </p>
    ) : null;
    const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, error, spec.hint) };

    switch (spec.kind) {
      case 'photos':
        return <>{photos?.(spec)}</>;
      case 'select': {
        const option = (o: Option) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        );
        return (
          <div>
            {label}
            {hint}
            <select
              id={id}
              name={spec.name}
              value={value}
              onChange={(e) => onChange(spec.name, e.target.value)}
              {...aria}
              className={fieldClass(Boolean(error))}
            >
              {spec.options.map((o: Option | OptionGroup) =>
                'group' in o ? (
                  <optgroup key={o.group} label={o.group}>
                    {o.options.map(option)}
                  </optgroup>
                ) : (
                  option(o)
                ),
              )}
            </select>
            <FieldError id={id} message={error} />
          </div>
        );
      }
      case 'textarea':
        return (
          <div>
            {label}
            {hint}
            <textarea
              id={id}
              name={spec.name}
              rows={spec.rows}
              maxLength={spec.maxLength}
              required={spec.required}
              value={value}
              onChange={(e) => onChange(spec.name, e.target.value)}
              {...aria}
              className={fieldClass(Boolean(error))}
            />
            <FieldError id={id} message={error} />
          </div>
        );
      case 'checkbox':
        return (
          <div>
            <div className="flex items-start gap-3">
              <input
                id={id}
                name={spec.name}
                type="checkbox"
                checked={value === 'on'}
                onChange={(e) => onChange(spec.name, e.target.checked ? 'on' : '')}
                {...aria}
                className="mt-0.5 size-6 shrink-0 accent-brand-700"
              />
              {label}
            </div>
            <FieldError id={id} message={error} />
          </div>
        );
      case 'radios':
      case 'checkboxes': {
        const many = spec.kind === 'checkboxes';
        const chosen = new Set(Array.isArray(raw) ? raw : raw ? [raw] : []);
        return (
          <fieldset aria-describedby={spec.hint ? `${id}-hint` : undefined}>
            <legend className="font-semibold text-slate-900">{spec.label}</legend>
            {hint}
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {spec.options.map((o, index) => {
                const boxId = index === 0 ? id : `${id}-${o.value}`;
                return (
                  <div key={o.value} className="flex items-start gap-3">
                    <input
                      id={boxId}
                      name={spec.name}
                      type={many ? 'checkbox' : 'radio'}
                      value={o.value}
                      checked={chosen.has(o.value)}
                      onChange={(e) => {
                        if (!many) return onChange(spec.name, o.value);
                        const next = new Set(chosen);
                        if (e.target.checked) next.add(o.value);
                        else next.delete(o.value);
                        onChange(
                          spec.name,
                          spec.options.map((option) => option.value).filter((v) => next.has(v)),
                        );
                      }}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      className="mt-0.5 size-6 shrink-0 accent-brand-700"
                    />
                    <label htmlFor={boxId} className="text-slate-900">
                      {o.label}
                    </label>
                  </div>
                );
              })}
            </div>
            <FieldError id={id} message={error} />
          </fieldset>
        );
      }
      default:
        return (
          <div>
            {label}
            {hint}
            <input
              id={id}
              name={spec.name}
              type={spec.kind}
              autoComplete={spec.autoComplete}
              maxLength={spec.maxLength}
              inputMode={spec.inputMode}
              step={spec.step}
              required={spec.required}
              value={value}
              onChange={(e) => onChange(spec.name, e.target.value)}
              {...aria}
              {...extra}
              className={fieldClass(Boolean(error))}
            />
            <FieldError id={id} message={error} />
          </div>
        );
    }
  },
  (before, after) =>
    before.spec.kind !== 'photos' &&
    before.prefix === after.prefix &&
    before.spec === after.spec &&
    before.raw === after.raw &&
    before.error === after.error &&
    before.onChange === after.onChange &&
    sameEntries(before.extra, after.extra),
);

export default function LeadFields({ form, values, errors, onChange, only, after, photos, extra }: Props) {
  // One function for the fields' whole life, calling the island's latest `onChange`, so a field's own props decide whether it renders.
  const latest = useRef(onChange);
  latest.current = onChange;
  const changed = useCallback((name: string, value: string | string[]) => latest.current(name, value), []);
  const field = (name: string) => (
    <Field
      key={name}
      prefix={form.prefix}
      spec={fieldOf(form, name)}
      raw={values[name]}
      error={errors[name]}
      onChange={changed}
      photos={photos}
      extra={extra?.[name]}
    />
  );
  return (
    <>
      {form.sections.map((section, index) => {
        if (only && !only.includes(index)) return null;
        const rows = section.rows.map((row) =>
          typeof row === 'string' ? (
            field(row)
          ) : (
            <div key={row.join('-')} className="grid gap-5 sm:grid-cols-2">
              {row.map(field)}
            </div>
          ),
        );
        return (
          <Fragment key={section.legend ?? index}>
            {section.legend ? (
              <fieldset className="grid gap-5">
                <legend className="text-lg font-bold text-slate-900">{section.legend}</legend>
                {rows}
              </fieldset>
            ) : (
              rows
            )}
            {after?.[index]}
          </Fragment>
        );
      })}
    </>
  );
}
