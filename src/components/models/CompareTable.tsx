import Picture from '../Picture.tsx';
import { COMPARE_ROWS, type CompareModel } from '../../lib/models/compare.ts';

interface Props {
  models: readonly CompareModel[];
}

/** "A, B and C" */
export function listNames(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The comparison of 2 to 4 models: one column per model, one row per figure. Static HTML from
 * Astro for the default selection; the compare island renders the same table for the chosen ones.
 */
/** Two models fit a phone screen; three or four scroll sideways beside the sticky row labels. */
const MIN_WIDTH: Record<number, string> = { 3: 'min-w-[30rem]', 4: 'min-w-[38rem]' };

export default function CompareTable({ models }: Props) {
  const caption = `Comparing ${listNames(models.map((m) => m.name))}`;
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className={`w-full table-fixed border-collapse text-left ${MIN_WIDTH[models.length] ?? ''}`}>
        <caption className="sr-only">{caption}</caption>
        <colgroup>
          <col className="w-28 sm:w-44" />
          {models.map((model) => (
            <col key={model.slug} />
          ))}
        </colgroup>
        <thead>
          <tr className="align-top">
            <td className="sticky left-0 z-10 bg-white" />
            {models.map((model) => (
              <th key={model.slug} scope="col" className="p-3 font-semibold sm:p-4" data-model={model.slug}>
                <Picture src={model.image} slot="small" alt="" className="aspect-[4/3] h-auto w-full object-contain" />
                <a href={model.href} className="mt-2 block text-base text-brand-900 underline-offset-2 hover:underline sm:text-lg">
                  {model.name}
                </a>
                <span className="mt-1 block text-sm font-normal text-slate-600">{model.seriesName}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 border-t border-slate-200">
          {COMPARE_ROWS.map((row) => (
            <tr key={row.key} data-row={row.key}>
              <th scope="row" className="sticky left-0 z-10 bg-slate-50 p-3 text-sm font-semibold text-slate-700 sm:p-4 sm:text-base">
                {row.label}
              </th>
              {models.map((model) => {
                const value = model.values[row.key];
                return (
                  <td key={model.slug} className="p-3 text-slate-900 sm:p-4">
                    {value ?? (
                      <>
                        <span aria-hidden="true" className="text-slate-500">
                          —
                        </span>
                        <span className="sr-only">Not listed</span>
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
