/**
 * What saving an entry in the admin does before the file is written (docs/product.md §Units,
 * docs/decisions/admin-from-schemas.md):
 * - a unit marked sold gets today's date as its sold date (kept if it has one); any other status
 *   has none. The build checks the same rule (data/schemas/units.ts), so nobody types the date;
 * - a unit file names `featured` only when the unit is featured, so a save changes only what the
 *   editor changed (the admin writes `false` for an unticked box).
 */

/** What to change in an entry's data before it is written: fields to set and fields to leave out. */
export interface SaveChanges {
  set: Record<string, string>;
  remove: string[];
}

/** The changes for an entry of `collection`, whose top-level fields `get` reads; `today` in the dealer's time zone (src/lib/units/build-clock.ts `calendarDay`). */
export function changesOnSave(collection: string, get: (field: string) => unknown, today: string): SaveChanges {
  const changes: SaveChanges = { set: {}, remove: [] };
  if (collection !== 'units') return changes;
  const soldDate = get('soldDate');
  if (get('status') === 'sold') {
    if (typeof soldDate !== 'string' || soldDate === '') changes.set.soldDate = today;
  } else if (soldDate !== undefined) changes.remove.push('soldDate');
  if (get('featured') === false) changes.remove.push('featured');
  return changes;
}
