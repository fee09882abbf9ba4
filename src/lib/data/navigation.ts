import json from '../../../data/navigation.json';
import { schema, type Navigation } from '../../../data/schemas/navigation.ts';
import { parseDataFile } from '../data-file.ts';
import { severalStores } from './stores.ts';

/** With several stores, the menus' Showroom link is Locations (docs/product.md §Stores). */
function withLocations(navigation: Navigation): Navigation {
  if (!severalStores) return navigation;
  const link = <L extends { href: string }>(each: L): L =>
    each.href === '/showroom' ? { ...each, label: 'Locations', href: '/locations', activeOn: ['/showroom'] } : each;
  return { ...navigation, header: navigation.header.map(link), footer: navigation.footer.map((group) => ({ ...group, links: group.links.map(link) })) };
}

export const navigation = withLocations(parseDataFile('navigation.json', schema, json));
export type { NavLink } from '../../../data/schemas/navigation.ts';
