import json from '../../../data/towns.json';
import { municipalityKey, schema, type Municipality } from '../../../data/schemas/towns.ts';
import { DataFileError, parseDataFile } from '../data-file.ts';
import { slugify } from '../format.ts';
import { townStreetUse } from '../guides/street-use.ts';
import { deliveryFee, quoteRental } from '../rentals/quote.ts';
import {
  fillTemplate,
  fullTownName,
  pickBackground,
  townAliasRules,
  townCopy,
  townMapQuery,
  townPath,
  type DeliveryFacts,
  type NeighbourLink,
  type TownFacts,
  type TownPage,
} from '../towns/towns.ts';
import { brands } from './brands.ts';
import { buildDay } from './build-day.ts';
import { dealer } from './dealer.ts';
import { rentalGroups, rentalTerms } from './rentals.ts';
import { severalStores, stores } from './stores.ts';
import { streetUse } from './street-use.ts';
import { servingStore, storePath, type StoreDistance } from '../stores/stores.ts';

const data = parseDataFile('towns.json', schema, json);

export interface Town extends Municipality {
  /** "bass-river-township": name and type, as neighbour lists write it. */
  slug: string;
  /** "Bass River Township", "Beverly City". */
  fullName: string;
  /** Canonical page path, e.g. /bass-river-township-golf-carts. */
  path: string;
  /**
   * The store nearest to the town and the distance its delivery fee counts from (docs/product.md
   * §Stores): with one store, the showroom at the editor's `deliveryMiles`.
   */
  serving: StoreDistance;
}

export const county = data.county;

/**
 * The towns' driving figures from other stores must name a store of data/stores/ other than the
 * main one (whose figure is `deliveryMiles`): the build stops on any other, with the path.
 */
export function checkDrivingMiles(towns: readonly Pick<Municipality, 'drivingMiles'>[], storeSlugs: readonly string[]): void {
  const [main] = storeSlugs;
  const problems = towns.flatMap((town, index) =>
    (town.drivingMiles ?? []).flatMap(({ store }, n) => {
      const path = `data/towns.json → municipalities[${index}].drivingMiles[${n}].store`;
      if (store === main) return [`  • ${path}: "${store}" is the main store, whose miles are deliveryMiles`];
      return storeSlugs.includes(store) ? [] : [`  • ${path}: there is no store "${store}" in data/stores/ (${storeSlugs.join(', ')})`];
    }),
  );
  if (problems.length > 0) throw new DataFileError(`Invalid data file data/towns.json:\n${problems.join('\n')}`);
}

checkDrivingMiles(
  data.municipalities,
  stores.map((store) => store.slug),
);

/** The 40 municipalities the dealer serves, in the order of data/towns.json. */
export const municipalities: Town[] = data.municipalities.map((m) => {
  const slug = municipalityKey(m);
  return { ...m, slug, fullName: fullTownName(m.name, m.type), path: townPath(slug), serving: servingStore(m, stores) };
});

/** The county hub page. */
export const countyPage = { name: county.name, path: townPath(slugify(county.name)) };

/** The brand grid of the town pages (data/towns.json townPage.brands, looked up in data/brands.json). */
export const townBrands = data.townPage.brands.map((slug, index) => {
  const brand = brands.find((b) => b.slug === slug);
  if (!brand) {
    throw new DataFileError(`Invalid data file data/towns.json:\n  • data/towns.json → townPage.brands[${index}]: no brand "${slug}" in data/brands.json`);
  }
  return brand;
});

/** How many vehicles Popular Golf Carts shows (docs/product.md §Towns: at most 3). */
export const popularCartsLimit = data.townPage.popularCarts;

const bySlug = new Map(municipalities.map((m) => [m.slug, m]));
const terms = rentalTerms.delivery;

/** Miles, billable miles and the rental delivery fee, by the quote arithmetic of /rentals (docs/product.md §Rentals). */
export function deliveryFacts(miles: number): DeliveryFacts {
  return { miles, billableMiles: Math.max(0, miles - terms.includedMiles), fee: deliveryFee(miles, terms) };
}

/** A place's distance rank among the municipalities, and every plan of every cart group delivered there. */
function townFacts(name: string, miles: number, serving?: StoreDistance): TownFacts {
  const place = { slug: slugify(name), name, miles };
  const plans = (rentalGroups[0]?.plans ?? []).map(({ key, title, days }) => ({
    plan: title,
    totals: rentalGroups.map((group) => {
      const own = group.plans.filter((plan) => plan.key === key);
      return quoteRental({ group: { id: group.id, name: group.name, plans: own }, periods: days, quantity: 1, place }, terms).total;
    }),
  }));
  const rank = 1 + municipalities.filter((m) => m.serving.miles < miles).length;
  const store =
    severalStores && serving
      ? { store: { name: serving.store.name, city: serving.store.address.city, path: storePath(serving.store), measure: serving.measure } }
      : {};
  return { ...deliveryFacts(miles), ...store, rank, of: municipalities.length, plans, groups: rentalGroups.map((group) => group.name) };
}

/** Nearest to the showroom first, then by name. */
const nearestFirst = (a: NeighbourLink, b: NeighbourLink) => a.miles - b.miles || a.name.localeCompare(b.name);
const link = (town: Town): NeighbourLink => ({ name: town.fullName, path: town.path, ...deliveryFacts(town.serving.miles) });
const paragraphs = (text: string | undefined) =>
  (text ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** Municipalities without the dealer's local text yet: the admin and the build list them. */
export const townsWithoutLocalText = municipalities.filter((m) => !m.localText).map((m) => m.fullName);
const copyContext = {
  county,
  dealerName: dealer.name,
  financingOffer: dealer.financingOffer,
  municipalityCount: municipalities.length,
};
const backgrounds = data.townPage.backgrounds;
const financing = dealer.financingOffer.charAt(0).toUpperCase() + dealer.financingOffer.slice(1);
/** The contact card and why-choose-us texts with the place filled in ("your town" on the county page). */
const placeTexts = (town: string) => {
  const values = { town, county: county.name, financing };
  return {
    localService: fillTemplate(data.townPage.localService, values),
    whyChooseUs: data.townPage.whyChooseUs.map((line) => fillTemplate(line, values)),
  };
};

const countyTownPage: TownPage = {
  slug: slugify(county.name),
  name: county.name,
  type: 'county',
  fullName: county.name,
  path: countyPage.path,
  ...townCopy({ fullName: county.name, type: 'county', note: county.note }, copyContext),
  mapQuery: townMapQuery(county.name, county.state),
  background: pickBackground(countyPage.path, backgrounds),
  neighbours: municipalities.map(link).sort(nearestFirst),
  nearby: [],
  facts: townFacts(county.name, county.deliveryMiles),
  localText: paragraphs(county.localText),
  streetUse: townStreetUse({ name: county.name, county: true }, streetUse, buildDay),
  areaServed: [county.name, ...municipalities.map((m) => townMapQuery(m.fullName, county.state))],
  ...placeTexts('your town'),
};

/** The 41 town pages: the county hub first, then each municipality. */
export const townPages: TownPage[] = [
  countyTownPage,
  ...municipalities.map((town) => ({
    slug: town.slug,
    name: town.name,
    type: town.type,
    fullName: town.fullName,
    path: town.path,
    ...townCopy(town, copyContext),
    mapQuery: townMapQuery(town.fullName, county.state),
    background: pickBackground(town.path, backgrounds),
    neighbours: town.neighbours
      .flatMap((slug) => {
        const neighbour = bySlug.get(slug);
        return neighbour ? [link(neighbour)] : [];
      })
      .sort(nearestFirst),
    nearby: [...new Set(town.neighbours.flatMap((slug) => bySlug.get(slug)?.neighbours ?? []))]
      .filter((slug) => slug !== town.slug && !town.neighbours.includes(slug))
      .flatMap((slug) => {
        const other = bySlug.get(slug);
        return other ? [link(other)] : [];
      })
      .sort(nearestFirst),
    facts: townFacts(town.fullName, town.serving.miles, town.serving),
    localText: paragraphs(town.localText),
    // Only what the town's data records: no town gets a rule it does not have (docs/product.md §Towns).
    streetUse: townStreetUse({ name: town.fullName, clerk: town.clerk, ordinances: town.ordinances }, streetUse, buildDay),
    areaServed: [townMapQuery(town.fullName, county.state), county.name],
    ...placeTexts(town.fullName),
  })),
];

/** Redirects of every other spelling of a town page, and the spellings left out as ambiguous. */
export const townAliases = townAliasRules([
  { name: county.name, type: 'county', path: countyPage.path, aliases: county.aliases },
  ...municipalities.map((m) => ({ name: m.name, type: m.type, path: m.path, aliases: m.aliases })),
]);
