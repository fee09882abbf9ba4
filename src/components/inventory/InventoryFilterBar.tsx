import { useId, type SubmitEvent, type RefObject } from 'react';
import type { FilterChoices, FilterOption, InventoryFilters } from '../../lib/inventory-filter.ts';

interface Props {
  filters: InventoryFilters;
  choices: FilterChoices;
  onSearch: (search: string) => void;
  onSelect: (key: 'brand' | 'category' | 'price', value: string) => void;
  onApply: () => void;
  searchRef?: RefObject<HTMLInputElement | null>;
}

const field = 'mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white py-2 text-base text-slate-900';

function Select({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select id={id} name={name} value={value} onChange={(event) => onChange(event.target.value)} className={`${field} px-2`}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The filter bar (docs/product.md §Inventory): text search, brand, category, price band and Apply Filters. It is
 * a real GET form (?search=&brand=&category=&price=); with JavaScript the island filters live
 * and Apply Filters only commits the search to the address bar.
 */
export default function InventoryFilterBar({ filters, choices, onSearch, onSelect, onApply, searchRef }: Props) {
  const searchId = useId();
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply();
  };
  return (
    <form
      method="get"
      role="search"
      aria-label="Filter vehicles"
      onSubmit={submit}
      className="card grid grid-cols-2 items-end gap-3 p-4 sm:gap-4 sm:p-5 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] noscript:hidden"
    >
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor={searchId} className="block text-sm font-semibold text-slate-800">
          Search
        </label>
        <input
          ref={searchRef}
          id={searchId}
          type="search"
          name="search"
          value={filters.search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder="Name or description"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          className={`${field} px-3`}
        />
      </div>
      <Select label="Brand" name="brand" value={filters.brand} options={choices.brand} onChange={(v) => onSelect('brand', v)} />
      <Select label="Category" name="category" value={filters.category} options={choices.category} onChange={(v) => onSelect('category', v)} />
      <Select label="Price" name="price" value={filters.price} options={choices.price} onChange={(v) => onSelect('price', v)} />
      <button type="submit" className="btn btn-primary">
        Apply Filters
      </button>
    </form>
  );
}
