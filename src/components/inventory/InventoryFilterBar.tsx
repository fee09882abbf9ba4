import { useId, type SubmitEvent, type RefObject } from 'react';
import { STREET_LEGAL, type FilterChoices, type FilterOption, type InventoryFilters } from '../../lib/inventory/filter.ts';

interface Props {
  filters: InventoryFilters;
  /** Where the form asks for the filtered list without JavaScript (its first page). */
  action: string;
  choices: FilterChoices;
  onSearch: (search: string) => void;
  onSelect: (key: 'brand' | 'category' | 'price' | 'sort' | 'store', value: string) => void;
  /** STREET_LEGAL when "Street legal only" is ticked, "" when not. */
  onStreet: (street: string) => void;
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
 * The filter bar (docs/product.md §Inventory): text search, brand, category, price band and Apply Filters, plus
 * the sort and "Street legal only" (docs/product.md §Inventory), and with several stores the
 * Location (docs/product.md §Stores). It is a real GET form
 * (?search=&brand=&category=&price=&sort=&street=): without JavaScript Apply Filters asks for the
 * filtered address, which the inventory page function renders; with JavaScript the island filters
 * live and Apply Filters only commits the search to the address bar.
 */
export default function InventoryFilterBar({ filters, action, choices, onSearch, onSelect, onStreet, onApply, searchRef }: Props) {
  const searchId = useId();
  const streetId = useId();
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply();
  };
  return (
    <form
      method="get"
      action={action}
      role="search"
      aria-label="Filter vehicles"
      onSubmit={submit}
      className={`card grid grid-cols-2 items-end gap-3 p-4 sm:gap-4 sm:p-5 ${choices.store ? 'lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_1.3fr]' : 'lg:grid-cols-[2fr_1fr_1fr_1fr_1.3fr]'}`}
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
      {choices.store && (
        <Select label="Location" name="store" value={filters.store ?? choices.store[0]!.value} options={choices.store} onChange={(v) => onSelect('store', v)} />
      )}
      <Select label="Sort by" name="sort" value={filters.sort} options={choices.sort} onChange={(v) => onSelect('sort', v)} />
      <div className={`col-span-2 flex flex-wrap items-center justify-between gap-3 ${choices.store ? 'lg:col-span-6' : 'lg:col-span-5'}`}>
        <label htmlFor={streetId} className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold text-slate-800">
          <input
            id={streetId}
            type="checkbox"
            name="street"
            value={STREET_LEGAL}
            checked={filters.street === STREET_LEGAL}
            onChange={(event) => onStreet(event.target.checked ? STREET_LEGAL : '')}
            className="size-5 accent-brand-800"
          />
          Street legal only
        </label>
        <button type="submit" className="btn btn-primary">
          Apply Filters
        </button>
      </div>
    </form>
  );
}
