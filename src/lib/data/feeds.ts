import { PLACEHOLDER_IMAGE } from '../../components/VehicleCard.tsx';
import { feedItems, type Channel } from '../units/feeds.ts';
import { dealer } from './dealer.ts';
import { mainStore, storeBySlug } from './stores.ts';
import { brandName, vehicles } from './vehicles.ts';

/** The feed items of the listed units, with absolute links on `site`. */
export function lotFeedItems(site: URL | string) {
  return feedItems(vehicles, site, brandName, PLACEHOLDER_IMAGE);
}

/** The RSS channel of a feed. */
export function feedChannel(site: URL | string, title: string): Channel {
  return {
    title: `${dealer.name}: ${title}`,
    link: new URL('/new-inventory', site).href,
    description: `${title} of ${dealer.name}, ${dealer.address.city}, NJ`,
    lastBuildDate: new Date(),
  };
}

/** The store code of a unit's store (by the unit's feed id, its stock number), as its Google Business Profile names it (docs/product.md §Stores). */
export function storeCodeOf(stockNumber: string): string {
  const unit = vehicles.find((candidate) => candidate.stockNumber === stockNumber);
  return (unit ? storeBySlug.get(unit.store) : undefined)?.storeCode ?? mainStore.storeCode;
}
