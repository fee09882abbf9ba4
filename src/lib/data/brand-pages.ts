import json from '../../../data/brand-pages.json';
import { schema, type BrandAction } from '../../../data/schemas/brand-pages.ts';
import { contactHref } from '../leads/contact-link.ts';
import { parseDataFile } from '../data-file.ts';

export const brandPages = parseDataFile('brand-pages.json', schema, json);

/** Where a brand page button goes: its page, or the contact form prefilled. */
export function actionHref(action: BrandAction): string {
  return 'href' in action ? action.href : contactHref(action.contact);
}

export type { BrandAction, BrandPages } from '../../../data/schemas/brand-pages.ts';
