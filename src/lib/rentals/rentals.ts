import type { RentalTerms } from '../../../data/schemas/rentals.ts';
import { formatPrice } from '../format.ts';
import { daysText } from './quote.ts';
import { absoluteUrl } from '../seo/seo.ts';

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** 6.8 → "Save 6.8%". */
export function savingsText(savingsPercent: number): string {
  return `Save ${percent.format(savingsPercent)}%`;
}

/** 228.34 → "$228.34 per day"; 150 → "$150 per day". */
export function perDayText(amount: number): string {
  return `${formatPrice(amount)} per day`;
}

const miles = (n: number) => `${n} mile${n === 1 ? '' : 's'}`;

/** The delivery line of a plan card: "Free delivery within 10 miles". */
export function deliveryText(terms: RentalTerms): string {
  return terms.delivery.includedMiles > 0 ? `Free delivery within ${miles(terms.delivery.includedMiles)}` : 'Delivery available';
}

/** "Delivery fee: $6 per mile beyond 10 miles." */
export function deliveryFeeText(terms: RentalTerms): string {
  const { feePerMile, includedMiles } = terms.delivery;
  return `Delivery fee: ${formatPrice(feePerMile)} per mile${includedMiles > 0 ? ` beyond ${miles(includedMiles)}` : ''}.`;
}

/** The rental terms (docs/product.md §Rentals) as sentences, for the /rentals footnote and the terms page. */
export function rentalTermsList(terms: RentalTerms): string[] {
  return [
    deliveryFeeText(terms),
    `Rental periods are in ${terms.incrementHours}-hour increments.`,
    terms.earlyReturnRefunds ? 'Early returns are refunded for unused full periods.' : 'No refunds for early returns.',
    ...(terms.subjectToAvailability ? ['All rentals and prices are subject to availability.'] : []),
  ];
}

/** The id of the reservation form on /rentals. */
export const RESERVE_ANCHOR = 'reserve';

/**
 * RESERVE TODAY: the reservation form on /rentals with the cart type and the plan's length
 * chosen (the island reads ?group=&plan=; without JavaScript the link still lands on the form).
 */
export function reserveHref(groupId: string, planKey: string): string {
  return `/rentals?${new URLSearchParams({ group: groupId, plan: planKey })}#${RESERVE_ANCHOR}`;
}

/** The rental plans as a schema.org OfferCatalog, one Offer per group and plan. */
export function rentalOfferCatalog(
  groups: readonly { id: string; name: string; plans: readonly { title: string; days: number; price: number }[] }[],
  site: URL | string,
  sellerId: string,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'OfferCatalog',
    name: 'Golf cart rental plans',
    url: absoluteUrl('/rentals', site),
    itemListElement: groups.flatMap((group) =>
      group.plans.map((plan) => ({
        '@type': 'Offer',
        name: `${group.name} golf cart rental, ${plan.title}`,
        description: daysText(plan.days),
        price: plan.price,
        priceCurrency: 'USD',
        url: absoluteUrl(`/rentals#${group.id}`, site),
        seller: { '@id': sellerId },
      })),
    ),
  };
}
