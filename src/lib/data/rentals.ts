import json from '../../../data/rentals.json';
import { PLAN_KEYS, schema, type Plan, type PlanKey, type PlanPrice } from '../../../data/schemas/rentals.ts';
import { parseDataFile } from '../data-file.ts';

const data = parseDataFile('rentals.json', schema, json);

/** One card on /rentals: what the plan is and what it costs for this group. */
export interface RentalPlan extends Plan, PlanPrice {
  key: PlanKey;
}

export interface RentalGroup {
  id: string;
  name: string;
  description: string;
  image: string;
  plans: RentalPlan[];
}

export const rentals = data;
export const rentalTerms = data.terms;

/** The plan groups with each group's four plans resolved from its price list. */
export const rentalGroups: RentalGroup[] = data.groups.map(({ priceList, ...group }) => {
  const prices = data.priceLists.find((list) => list.id === priceList);
  if (!prices) throw new Error(`data/rentals.json: unknown price list "${priceList}"`);
  return { ...group, plans: PLAN_KEYS.map((key) => ({ key, ...data.plans[key], ...prices[key] })) };
});

export type { PlanKey, RentalTerms } from '../../../data/schemas/rentals.ts';
