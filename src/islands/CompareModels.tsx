import { useEffect, useId, useState } from 'react';
import CompareTable, { listNames } from '../components/models/CompareTable.tsx';
import { compareHref, MAX_COMPARED, MIN_COMPARED, selectionFromQuery, type CompareModel } from '../lib/models/compare.ts';

interface Props {
  /** Every model that can be compared, in catalogue order. */
  models: CompareModel[];
  /** The selection shown before the address is read (and without JavaScript). */
  initial: string[];
}

/**
 * Picks 2 to 4 models to compare. The server render shows the default selection; once
 * hydrated, the island reads ?models= from the address and keeps the address in step.
 */
export default function CompareModels({ models, initial }: Props) {
  const [slugs, setSlugs] = useState<string[]>(initial);
  const [ignored, setIgnored] = useState<string[]>([]);
  const id = useId();
  const bySlug = new Map(models.map((m) => [m.slug, m]));
  const known = models.map((m) => m.slug);
  const brands = [...new Set(models.map((m) => m.brandName))];

  useEffect(() => {
    const selection = selectionFromQuery(window.location.search, known, initial);
    setSlugs(selection.slugs);
    setIgnored(selection.ignored);
  }, []); // the address is read once, on hydration

  const update = (next: string[]) => {
    setSlugs(next);
    setIgnored([]);
    window.history.replaceState(window.history.state, '', compareHref(next));
  };

  const selected = slugs.flatMap((slug) => bySlug.get(slug) ?? []);

  return (
    <div>
      <fieldset className="card p-4 sm:p-6 noscript:hidden">
        <legend className="sr-only">Models to compare</legend>
        <p className="text-slate-700" aria-hidden="true">
          Choose {MIN_COMPARED} to {MAX_COMPARED} models.
        </p>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {slugs.map((slug, index) => (
            <li key={index} className="flex flex-col gap-2">
              <label htmlFor={`${id}-${index}`} className="text-sm font-semibold text-slate-800">
                Model {index + 1}
              </label>
              <div className="flex gap-2">
                <select
                  id={`${id}-${index}`}
                  value={slug}
                  onChange={(event) => update(slugs.map((s, i) => (i === index ? event.target.value : s)))}
                  className="min-h-11 w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base"
                >
                  {brands.map((brand) => (
                    <optgroup key={brand} label={brand}>
                      {models
                        .filter((m) => m.brandName === brand)
                        .map((m) => (
                          <option key={m.slug} value={m.slug} disabled={m.slug !== slug && slugs.includes(m.slug)}>
                            {m.name}
                          </option>
                        ))}
                    </optgroup>
                  ))}
                </select>
                {slugs.length > MIN_COMPARED && (
                  <button
                    type="button"
                    onClick={() => update(slugs.filter((_, i) => i !== index))}
                    className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-400 text-slate-800 hover:bg-slate-100"
                    aria-label={`Remove ${bySlug.get(slug)?.name ?? slug}`}
                  >
                    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                      <path d="M6 6l12 12M18 6L6 18" />
                    </svg>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
        {slugs.length < MAX_COMPARED && (
          <button
            type="button"
            className="btn btn-outline mt-4"
            onClick={() => {
              const next = known.find((slug) => !slugs.includes(slug));
              if (next) update([...slugs, next]);
            }}
          >
            Add a model
          </button>
        )}
      </fieldset>
      <p role="status" className="mt-4 text-slate-700 empty:hidden">
        {ignored.length > 0 ? `Could not compare: ${listNames(ignored)}.` : ''}
      </p>
      <div className="mt-6">
        <CompareTable models={selected} />
      </div>
    </div>
  );
}
