import json from '../../../data/navigation.json';
import { schema, type Navigation } from '../../../data/schemas/navigation.ts';
import { parseDataFile } from '../data-file.ts';
import { telHref } from '../phone.ts';
import { textMenuLink, type MenuData } from '../routing/navigation.ts';
import { dealer } from './dealer.ts';
import { mainStore, severalStores } from './stores.ts';

/** With several stores, the menus' Showroom link is Locations (docs/product.md §Stores). */
function withLocations(navigation: Navigation): Navigation {
  if (!severalStores) return navigation;
  const link = <L extends { href: string }>(each: L): L =>
    each.href === '/showroom' ? { ...each, label: 'Locations', href: '/locations', activeOn: ['/showroom'] } : each;
  return { ...navigation, header: navigation.header.map(link), footer: navigation.footer.map((group) => ({ ...group, links: group.links.map(link) })) };
}

export const navigation = withLocations(parseDataFile('navigation.json', schema, json));
/** The mobile menu's links (its Text entry last when the main store takes texts) and number, shipped with its script (src/integrations/island-data.ts). */
const text = textMenuLink(mainStore);
export const menuData: MenuData = {
  links: text ? [...navigation.header, text] : navigation.header,
  phone: { display: dealer.phones.local.display, href: telHref(dealer.phones.local.e164) },
};

export type { NavLink } from '../../../data/schemas/navigation.ts';
