import json from '../../../data/navigation.json';
import { schema, type Navigation } from '../../../data/schemas/navigation.ts';
import { parseDataFile } from '../data-file.ts';
import { telHref } from '../phone.ts';
import type { MenuData } from '../routing/navigation.ts';
import { dealer } from './dealer.ts';
import { severalStores } from './stores.ts';

/** With several stores, the menus' Showroom link is Locations (docs/product.md §Stores). */
function withLocations(navigation: Navigation): Navigation {
  if (!severalStores) return navigation;
  const link = <L extends { href: string }>(each: L): L =>
    each.href === '/showroom' ? { ...each, label: 'Locations', href: '/locations', activeOn: ['/showroom'] } : each;
  return { ...navigation, header: navigation.header.map(link), footer: navigation.footer.map((group) => ({ ...group, links: group.links.map(link) })) };
}

export const navigation = withLocations(parseDataFile('navigation.json', schema, json));
/** The mobile menu's links and number, shipped with its script (src/integrations/island-data.ts). */
export const menuData: MenuData = {
  links: navigation.header,
  phone: { display: dealer.phones.local.display, href: telHref(dealer.phones.local.e164) },
};

export type { NavLink } from '../../../data/schemas/navigation.ts';
