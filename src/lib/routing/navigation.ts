import type { NavLink } from '../../../data/schemas/navigation.ts';

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
