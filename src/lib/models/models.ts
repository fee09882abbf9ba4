import { SPEC_KEYS } from '../../../data/schemas/models.ts';
import { brands } from '../data/brands.ts';
import { compareDefault, models, series, type Model, type ModelBrand, type Series, type SpecKey } from '../data/models.ts';
import { DataFileError } from '../data-file.ts';
import { formatPrice } from '../format.ts';
import { COMPARE_ROWS, compareHref, type CompareModel, type CompareRowKey } from './compare.ts';
import type { Crumb } from '../seo/structured-data.ts';

export type { Model, Series, SpecKey };

/** The 23 model slugs: each is a page /vehicles/{slug} (an inventory unit id must not equal one). */
export const modelSlugs: readonly string[] = models.map((m) => m.slug);

export const allModels: readonly Model[] = models;

export const defaultComparison: readonly string[] = compareDefault;

export function modelPath(slug: string): string {
  return `/vehicles/${slug}`;
}

export function getModel(slug: string): Model {
  const model = models.find((m) => m.slug === slug);
  if (!model) throw new Error(`No model "${slug}" in data/models.json`);
  return model;
}

export interface BrandInfo {
  slug: ModelBrand;
  name: string;
  /** The brand page on this site (/denago, /evolution). */
  page: string;
}

export function brandInfo(slug: ModelBrand): BrandInfo {
  const brand = brands.find((b) => b.slug === slug);
  if (!brand) throw new Error(`data/brands.json has no brand "${slug}" (data/models.json uses it)`);
  return { slug, name: brand.name, page: brand.page ?? `/${slug}` };
}

/** "Denago EV City": the brand (from data/brands.json) before the model name. */
export function fullName(model: Model): string {
  return `${brandInfo(model.brand).name} ${model.name}`;
}

export function seriesOf(model: Model): Series {
  const found = series.find((s) => s.slug === model.series);
  if (!found) throw new Error(`No series "${model.series}" in data/models.json`);
  return found;
}

export const SPEC_LABELS: Record<SpecKey, string> = {
  topSpeed: 'Top Speed',
  range: 'Range',
  seats: 'Seating Capacity',
  chargingTime: 'Charging Time',
  payload: 'Payload',
  motor: 'Motor Type',
  dimensions: 'Dimensions (L x W x H)',
  wheelbase: 'Wheelbase',
  groundClearance: 'Ground Clearance',
  towing: 'Towing Capacity',
  batteryType: 'Battery Type',
  bedSize: 'Bed Size',
  chargingPort: 'Charging Port',
  certification: 'Certification',
  warranty: 'Warranty',
  brakes: 'Brakes',
  tires: 'Tires',
  suspension: 'Suspension',
};

/** Shorter labels for the four highlight tiles. */
const TILE_LABELS: Partial<Record<SpecKey, string>> = { seats: 'Seats', towing: 'Towing', chargingTime: 'Charging', batteryType: 'Battery' };

/** "lithium ion" → "Lithium ion"; figures such as "25 mph" or "110V" are unchanged. */
export function sentenceStart(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function formatSpec(key: SpecKey, model: Model): string | null {
  const value = model.specs[key];
  if (value === undefined) return null;
  return typeof value === 'number' ? String(value) : sentenceStart(value);
}

export interface SpecRow {
  key: SpecKey;
  label: string;
  value: string;
}

/** Every specification the model gives, in a fixed order, as label and display text. */
export function specRows(model: Model): SpecRow[] {
  return SPEC_KEYS.flatMap((key) => {
    const value = formatSpec(key, model);
    return value === null ? [] : [{ key, label: SPEC_LABELS[key], value }];
  });
}

/** The four hero tiles of a model page. */
export function highlightTiles(model: Model): SpecRow[] {
  return model.highlights.map((key) => ({ key, label: TILE_LABELS[key] ?? SPEC_LABELS[key], value: formatSpec(key, model) ?? '' }));
}

export interface SeriesGroup {
  series: Series;
  models: Model[];
}

export interface BrandGroup {
  brand: BrandInfo;
  series: SeriesGroup[];
}

/** Brands in the order of data/brands.json, series in the order of data/models.json. */
export function modelsByBrandAndSeries(): BrandGroup[] {
  const order = brands.map((b) => b.slug);
  const brandSlugs = [...new Set(series.map((s) => s.brand))].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return brandSlugs.map((slug) => ({
    brand: brandInfo(slug),
    series: series
      .filter((s) => s.brand === slug)
      .map((s) => ({ series: s, models: models.filter((m) => m.series === s.slug) }))
      .filter((group) => group.models.length > 0),
  }));
}

/** Breadcrumb of a model page (docs/product.md §Models): Home, Vehicles (the inventory), brand page, model. */
export function modelCrumbs(model: Model): Crumb[] {
  const brand = brandInfo(model.brand);
  return [
    { name: 'Home', path: '/' },
    { name: 'Vehicles', path: '/new-inventory' },
    { name: brand.name, path: brand.page },
    { name: model.name, path: modelPath(model.slug) },
  ];
}

/** The model a page's Compare link puts beside it: same series first, else the same brand, closest in seats. */
export function comparePartner(model: Model): Model {
  const others = models.filter((m) => m.slug !== model.slug);
  const distance = (m: Model) => (m.series === model.series ? 0 : m.brand === model.brand ? 100 : 200) + Math.abs(m.specs.seats - model.specs.seats);
  const partner = others.reduce<Model | undefined>((best, m) => (best === undefined || distance(m) < distance(best) ? m : best), undefined);
  if (!partner) throw new Error('data/models.json needs at least two models to compare');
  return partner;
}

export function modelCompareHref(model: Model): string {
  return compareHref([model.slug, comparePartner(model).slug]);
}

/** What a model page puts in <head>: its own title, description and keywords. */
export function modelSeo(model: Model, place: { county: string; state: string }) {
  const name = fullName(model);
  const s = model.specs;
  const price = model.msrp !== undefined ? ` MSRP ${formatPrice(model.msrp)}.` : '';
  return {
    title: `${name}: ${s.seats}-Seat Electric Golf Cart`,
    description: `${name}: ${s.seats} seats, ${s.topSpeed} top speed, ${s.range} range, ${s.payload} payload.${price} Quotes, financing and delivery in ${place.county}, ${place.state}.`,
    keywords: [
      name,
      `${brandInfo(model.brand).name} ${seriesOf(model).name}`,
      `${brandInfo(model.brand).name} golf cart`,
      `${s.seats} seater golf cart`,
      'electric golf cart',
      'low-speed vehicle',
      `golf carts ${place.county} ${place.state}`,
    ],
  };
}

/** The price a home-page card shows: the featured price, else the MSRP. */
export function featuredPriceOf(model: Model): number | undefined {
  return model.featuredPrice ?? model.msrp;
}

export interface FeaturedModel {
  model: Model;
  name: string;
  price: number;
  href: string;
}

/** The home page's featured carts (data/home.json lists their slugs; names, prices and images live in data/models.json). */
export function featuredModels(slugs: readonly string[]): FeaturedModel[] {
  return slugs.map((slug, index) => {
    const model = models.find((m) => m.slug === slug);
    if (!model) throw new DataFileError(`Invalid data file data/home.json:\n  • data/home.json → featured[${index}]: no model "${slug}" in data/models.json`);
    const price = featuredPriceOf(model);
    if (price === undefined)
      throw new DataFileError(
        `Invalid data file data/home.json:\n  • data/home.json → featured[${index}]: "${slug}" has neither an msrp nor a featuredPrice in data/models.json`,
      );
    return { model, name: fullName(model), price, href: modelPath(slug) };
  });
}

/** A model as the comparison table prints it. */
export function toCompareModel(model: Model): CompareModel {
  const brand = brandInfo(model.brand);
  const values = Object.fromEntries(
    COMPARE_ROWS.map(({ key }) => [key, key === 'msrp' ? (model.msrp === undefined ? null : formatPrice(model.msrp)) : formatSpec(key, model)]),
  ) as Record<CompareRowKey, string | null>;
  return {
    slug: model.slug,
    name: fullName(model),
    brandName: brand.name,
    seriesName: seriesOf(model).name,
    href: modelPath(model.slug),
    image: model.image,
    values,
  };
}
