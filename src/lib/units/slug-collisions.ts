/**
 * Paths under /vehicles/ that are pages of their own and so can never be a unit's id: the
 * Vehicle Not Found screen that unknown /vehicles/… addresses show.
 */
export const RESERVED_VEHICLE_IDS: readonly string[] = ['not-found'];

/** Raised at build time when two things would claim the same /vehicles/{slug} address. */
export class SlugCollisionError extends Error {
  override name = 'SlugCollisionError';
}

/**
 * Units on the lot (the file names of data/units/) and static model pages (model slugs) share the
 * /vehicles/ address space (docs/product.md §Routes): any clash, a repeated id or a reserved id stops the
 * build with a message an editor can act on.
 */
export function assertNoSlugCollisions(ids: readonly string[], modelSlugs: readonly string[], reserved: readonly string[] = RESERVED_VEHICLE_IDS): void {
  const problems: string[] = [];
  const models = new Set(modelSlugs);
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) problems.push(`the unit id "${id}" is used twice`);
    seen.add(id);
    if (models.has(id)) problems.push(`the vehicle id "${id}" is also a model page (/vehicles/${id}): rename the file data/units/${id}.json`);
    if (reserved.includes(id))
      problems.push(`the vehicle id "${id}" is reserved for a page of the site (/vehicles/${id}): rename the file data/units/${id}.json`);
  }
  if (problems.length > 0) throw new SlugCollisionError(`Two pages would share one address under /vehicles/:\n${problems.map((p) => `  • ${p}`).join('\n')}`);
}
