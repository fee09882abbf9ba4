import type { NavLink } from '../../../data/schemas/navigation.ts';
import { smsHref } from '../phone.ts';
import type { Store } from '../stores/stores.ts';

/** "/about.html", "/about/" and "/about?x" all mean "/about"; "/index.html" means "/". */
function normalize(path: string): string {
  const clean = (path.split(/[?#]/)[0] ?? '/')
    .replace(/\.html$/, '')
    .replace(/(^|\/)index$/, '/')
    .replace(/\/+$/, '');
  return clean === '' ? '/' : clean;
}

function covers(base: string, path: string): boolean {
  return base === '/' ? path === '/' : path === base || path.startsWith(`${base}/`);
}

/** Whether a navigation link marks the current page; Home is current only on exactly "/". */
export function isActive(link: NavLink, currentPath: string): boolean {
  const path = normalize(currentPath);
  return [link.href, ...(link.activeOn ?? [])].some((base) => covers(normalize(base), path));
}

/** What the mobile menu shows once opened: the header's links and the call button's number. */
export interface MenuData {
  links: readonly NavLink[];
  phone: { display: string; href: string };
}

/**
 * The mobile menu's "Text" entry, its last, just above "Call Now", when the main store takes texts
 * (docs/product.md §Text us). An entry of the menu's list, so the menu's code, shared by every
 * page, stays as it is (docs/decisions/text-us.md).
 */
export function textMenuLink(store: Pick<Store, 'texts' | 'phones'>): NavLink | null {
  return store.texts ? { label: `Text ${store.phones.main.display}`, href: smsHref(store.phones.main.e164) } : null;
}
