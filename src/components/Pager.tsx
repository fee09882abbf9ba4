import { pagerPages, type ListPage } from '../lib/inventory/pages.ts';

interface Props {
  list: Pick<ListPage<unknown>, 'page' | 'pageCount' | 'total' | 'first' | 'last'>;
  hrefOf: (page: number) => string;
  /** The name of the navigation landmark. */
  label: string;
}

const link = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border px-3 font-semibold';

/**
 * Numbered links to every page of a list (docs/product.md §Inventory): plain links, so every
 * unit is reachable without JavaScript; nothing when the list fits one page.
 */
export default function Pager({ list, hrefOf, label }: Props) {
  if (list.pageCount <= 1) return null;
  const step = (page: number, text: string, rel: 'prev' | 'next') => (
    <li>
      <a href={hrefOf(page)} rel={rel} data-page={page} className={`${link} border-slate-300 text-brand-800 hover:bg-brand-50`}>
        {text}
      </a>
    </li>
  );
  return (
    <nav aria-label={label} className="text-center">
      <p className="text-slate-700">
        Page {list.page} of {list.pageCount}: vehicles {list.first}–{list.last} of {list.total}
      </p>
      <ul className="mt-3 flex flex-wrap justify-center gap-2">
        {list.page > 1 && step(list.page - 1, 'Previous', 'prev')}
        {pagerPages(list.page, list.pageCount).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 py-2 text-slate-700">
              …
            </li>
          ) : (
            <li key={page}>
              <a
                href={hrefOf(page)}
                data-page={page}
                aria-current={page === list.page ? 'page' : undefined}
                aria-label={`Page ${page}`}
                className={`${link} ${page === list.page ? 'border-brand-800 bg-brand-800 text-white' : 'border-slate-300 text-brand-800 hover:bg-brand-50'}`}
              >
                {page}
              </a>
            </li>
          ),
        )}
        {list.page < list.pageCount && step(list.page + 1, 'Next', 'next')}
      </ul>
    </nav>
  );
}
