import { dealer } from '../../../src/lib/data/dealer.ts';
import { mainStore, severalStores, storeBySlug, type Store } from '../../../src/lib/data/stores.ts';
import { units } from '../../../src/lib/data/vehicles.ts';
import { dealerAt, type Dealer } from '../../../src/lib/stores/stores.ts';
import type { Lead } from '../leads/lead.ts';

/**
 * Which store a lead is for (docs/product.md §Stores): the store holding the unit it is about,
 * else the store the visitor chose (the forms' `store` field), else the first store.
 */
export function leadStore(unitId: string | undefined, chosen: unknown): Store {
  const unit = unitId ? units.find((candidate) => candidate.id === unitId) : undefined;
  const held = unit ? storeBySlug.get(unit.store) : undefined;
  if (held) return held;
  const picked = typeof chosen === 'string' ? storeBySlug.get(chosen.trim()) : undefined;
  return picked ?? mainStore;
}

/** The store of a stored lead (a lead filed before there were stores, or of a store since closed: the first store). */
export function storeOfLead(lead: Pick<Lead, 'store'>): Store {
  return (lead.store ? storeBySlug.get(lead.store) : undefined) ?? mainStore;
}

/** The dealer as the lead's e-mails, receipt and ADF name it: its store's, when there are several. */
export function dealerOfLead(lead: Pick<Lead, 'store'>): Dealer {
  return dealerAt(dealer, storeOfLead(lead), severalStores);
}
