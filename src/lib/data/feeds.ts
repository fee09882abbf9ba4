import { PLACEHOLDER_IMAGE } from '../../components/VehicleCard.tsx';
import { feedItems, type Channel } from '../feeds.ts';
import { dealer } from './dealer.ts';
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

export const storeCode = dealer.storeCode;
