/**
 * The configuration of the admin at /admin (Sveltia CMS): every data file of data/ as an entry of
 * one file collection, and each folder of data/ (the units) as a collection of its own, with the
 * fields of their zod schemas (src/lib/admin/cms-fields.ts). Pure: schemas in, configuration out
 * (docs/decisions/admin-from-schemas.md).
 */
import type { CmsConfig, Collection, Field } from '@sveltia/cms';
import type { z } from 'zod';
import { IMAGE_SLOTS, minWidth, type SlotName } from '../images.ts';
import { fieldsOf, jsonSchemaOf, labelOf, type FieldHints } from './cms-fields.ts';

/** A data/schemas/<name>.ts module: the schema of data/<name>.json, or of each file of the folder data/<name>/. */
export interface DataSchema {
  name: string;
  schema: z.ZodType;
  /** True when the schema describes each file of the folder data/<name>/ (the units). */
  folder: boolean;
}

/** The widest image any slot of the site asks the image CDN for (the full-size view of a photo). */
export const WIDEST_IMAGE = Math.max(...(Object.keys(IMAGE_SLOTS) as SlotName[]).map(minWidth));

/**
 * Photos are shrunk in the editor's browser before they are committed (docs/product.md §Editors):
 * WebP, no wider or taller than the widest slot, so a 4000 × 3000 phone photo is stored as
 * 2000 × 1500 and the image CDN still has every size visitors need.
 */
export const PHOTO_TRANSFORMATION = { format: 'webp', quality: 85, width: WIDEST_IMAGE, height: WIDEST_IMAGE } as const;

/** Field names, wherever they appear, whose text is several sentences. */
const LONG_TEXT = new Set([
  'description',
  'text',
  'note',
  'blurb',
  'about',
  'disclaimer',
  'visitText',
  'localService',
  'story',
  'paragraphs',
  'intro',
  'says',
  'rule',
  'unsettled',
  'emailBody',
]);

const LABELS: Record<string, string> = {
  e164: 'Dialled number',
  vin: 'VIN',
  apr: 'APR (%)',
  isNew: 'New (NEW badge)',
  inStock: 'On the lot',
  soldDate: 'Sold on',
  listedDate: 'Listed on',
  capacityAh: 'Capacity (Ah)',
  msrp: 'MSRP',
  seo: 'Search engines',
  src: 'Photo',
  alt: 'What it shows',
};

/** The title of each data file in the admin; a file added later gets its name written out. */
const TITLES: Record<string, string> = {
  units: 'Units on the lot',
  stores: 'Stores (address, phones, hours, inboxes)',
  lot: 'Lot settings (price bands, sold pages, removed units)',
  import: "Import from the dealer's system (feed, times, columns, publish rules)",
  dealer: 'Dealer settings (phones, hours, links, store code)',
  towns: 'Towns (local notes, neighbours, delivery miles, clerks and ordinances)',
  'street-use': 'Street use in New Jersey (sourced facts, the guide, town lines)',
  'buying-guide': 'Buying guide',
  models: 'Models',
  rentals: 'Rentals (prices and terms)',
  finance: 'Finance (defaults and promotions)',
  home: 'Home page',
  pages: 'About, showroom, financing and privacy pages',
  services: 'Services page',
  'brand-pages': 'Brand pages',
  brands: 'Brands',
  navigation: 'Menus',
  publishing: 'Publishing times and deploy budget',
  replies: 'Inbox replies (the first text and e-mail to a lead)',
};

/** The order of the data files in the admin: what changes most first; files added later follow. */
const ORDER = [
  'lot',
  'import',
  'dealer',
  'towns',
  'street-use',
  'models',
  'rentals',
  'finance',
  'home',
  'pages',
  'buying-guide',
  'services',
  'brand-pages',
  'brands',
  'navigation',
];

/**
 * A new unit's file name (its id and address /vehicles/{id}): its name and stock number, e.g.
 * "evolution-d5-maverick-4-plus-bgc-26099". The stock number is unique on the lot, so two new
 * units never share a name; a model slug never ends with a stock number (the build stops on a
 * clash all the same: docs/decisions/vehicles-address-space.md).
 */
export const UNIT_SLUG = '{{name}}-{{stockNumber}}';

/** Where a unit's photos go: public/images/units/<id>/, written as /images/units/<id>/<file>. */
const UNIT_MEDIA = { media_folder: '/public/images/units/{{filename}}', public_folder: '/images/units/{{filename}}' };

/** What a new unit starts with: a new cart, available, on the lot today (by field name; "a.b" for nested fields). */
export const NEW_UNIT_DEFAULTS: Readonly<Record<string, unknown>> = {
  $schema: '../schemas/units.schema.json',
  status: 'available',
  condition: 'new',
  isNew: true,
  inStock: true,
  featured: false,
  lifted: false,
  streetLegal: false,
  year: new Date().getFullYear(),
  'battery.type': 'lithium',
  'battery.voltage': 48,
  'battery.warrantyYears': 0,
  listedDate: '{{now}}',
};

const HINTS: FieldHints = {
  longText: LONG_TEXT,
  labels: LABELS,
  media: { 'photos.src': UNIT_MEDIA },
  lists: {
    photos: { summary: '{{fields.alt}}', thumbnail: 'src', label_singular: 'photo' },
    features: { label_singular: 'feature' },
    moreSpecifications: { label_singular: 'specification', summary: '{{fields.label}}: {{fields.value}}' },
    // Which towns still lack the dealer's local text, at a glance (docs/decisions/town-page-facts.md).
    // Each fact and ordinance with the day it was last checked, at a glance (docs/product.md §Guides).
    facts: { label_singular: 'fact', summary: '{{fields.id}} · checked {{fields.checked}}' },
    sources: { label_singular: 'source', summary: '{{fields.title}}' },
    ordinances: { label_singular: 'ordinance', summary: '{{fields.number}} · checked {{fields.checked}}' },
    municipalities: {
      label_singular: 'town',
      summary: "{{fields.name}} {{fields.type}} · {{fields.localText | ternary('local text written', 'no local text yet')}}",
    },
  },
};

/** Sets `default` on the fields named in `defaults` ("battery.voltage" reaches into an object). */
export function withDefaults(fields: readonly Field[], defaults: Readonly<Record<string, unknown>>): Field[] {
  return fields.map((field) => {
    const own = defaults[field.name];
    const nested = Object.fromEntries(
      Object.entries(defaults)
        .filter(([key]) => key.startsWith(`${field.name}.`))
        .map(([key, value]) => [key.slice(field.name.length + 1), value]),
    );
    let next = own === undefined ? field : ({ ...field, default: own } as Field);
    if ('fields' in next && next.widget === 'object' && next.fields && Object.keys(nested).length > 0)
      next = { ...next, fields: withDefaults(next.fields, nested) } as Field;
    return next;
  });
}

/**
 * A unit's store: with several stores, a choice among the files of data/stores/ (the store's file
 * name is what the unit keeps), which may stay empty for the main store's lot; with one, the
 * field the schema gives (it may be left out) (docs/product.md §Stores).
 */
export function withStoreChoice(fields: readonly Field[], storeCount: number): Field[] {
  if (storeCount < 2) return [...fields];
  return fields.map((field) =>
    field.name === 'store'
      ? ({
          name: 'store',
          label: 'Store',
          hint: "The store whose lot the unit is on; left empty, the main store's",
          widget: 'relation',
          required: false,
          collection: 'stores',
          value_field: '{{slug}}',
          search_fields: ['name'],
          display_fields: ['name'],
        } as Field)
      : field,
  );
}

function folderCollection(data: DataSchema, storeCount: number): Collection {
  const fields = fieldsOf(jsonSchemaOf(data.schema), { hints: HINTS, path: '' });
  if (data.name === 'stores') {
    return {
      name: 'stores',
      label: TITLES.stores,
      label_singular: 'store',
      description: "One file per store: data/stores/<name>.json, its page /locations/<name>. The business's own facts are in the dealer settings.",
      folder: 'data/stores',
      format: 'json',
      extension: 'json',
      identifier_field: 'name',
      summary: '{{name}} · {{address.city}} · {{storeCode}}',
      fields: withDefaults(fields, { $schema: '../schemas/stores.schema.json' }),
    } as Collection;
  }
  if (data.name === 'units') {
    return {
      name: 'units',
      label: TITLES.units,
      label_singular: 'unit',
      description: 'One file per cart: data/units/<id>.json, its address /vehicles/<id>. Saving starts a build; a mistake is e-mailed to the dealer.',
      folder: 'data/units',
      format: 'json',
      extension: 'json',
      identifier_field: 'name',
      slug: UNIT_SLUG,
      summary: '{{name}} · {{status}} · {{stockNumber}}',
      sortable_fields: { fields: ['name', 'status', 'price', 'listedDate'], default: { field: 'name' } },
      ...UNIT_MEDIA,
      fields: withStoreChoice(withDefaults(fields, NEW_UNIT_DEFAULTS), storeCount),
    } as Collection;
  }
  return {
    name: data.name,
    label: TITLES[data.name] ?? labelOf(data.name, HINTS),
    folder: `data/${data.name}`,
    format: 'json',
    extension: 'json',
    fields: withDefaults(fields, { $schema: `../schemas/${data.name}.schema.json` }),
  } as Collection;
}

function fileEntry(data: DataSchema) {
  return {
    name: data.name,
    label: TITLES[data.name] ?? labelOf(data.name, HINTS),
    file: `data/${data.name}.json`,
    fields: fieldsOf(jsonSchemaOf(data.schema), { hints: HINTS, path: '' }),
  };
}

const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);

export interface AdminOptions {
  /** The GitHub repository the admin commits to, "owner/name". */
  repo: string;
  branch: string;
  /** The public site address, for the admin's links to it. */
  siteUrl: string;
  /** How many stores the site has (data/stores/): with several, a unit's store is a choice among them. */
  storeCount?: number;
}

/** The whole admin configuration for CMS.init (no config.yml is read). */
export function cmsConfig(schemas: readonly DataSchema[], options: AdminOptions): CmsConfig {
  const folders = schemas.filter((data) => data.folder).sort((a, b) => (a.name === 'units' ? -1 : b.name === 'units' ? 1 : a.name.localeCompare(b.name)));
  const files = schemas.filter((data) => !data.folder).sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
  return {
    load_config_file: false,
    app_title: 'Dealer admin',
    site_url: options.siteUrl,
    backend: {
      name: 'github',
      repo: options.repo,
      branch: options.branch,
      // Sign-in through Netlify's OAuth provider (docs/editors.md §Admin).
      base_url: 'https://api.netlify.com',
      auth_endpoint: 'auth',
      // A save commits without deploying (Sveltia adds "[skip ci]", which Netlify honours): saves
      // go out at the dealer's publishing times, or at once with "Save and Publish" or "Publish
      // Changes" (docs/product.md §Publishing, docs/editors.md §Publishing). Sveltia leaves
      // deletions out of skip_ci, so their messages skip Netlify's build themselves.
      skip_ci: true,
      commit_messages: {
        create: 'Add {{collection}} “{{slug}}”',
        update: 'Update {{collection}} “{{slug}}”',
        delete: '[skip netlify] Delete {{collection}} “{{slug}}”',
        uploadMedia: 'Upload “{{path}}”',
        deleteMedia: '[skip netlify] Delete “{{path}}”',
      },
    },
    media_folder: 'public/images/uploads',
    public_folder: '/images/uploads',
    media_libraries: { default: { config: { transformations: { raster_image: { ...PHOTO_TRANSFORMATION } } } } },
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-', trim: true, lowercase: true },
    output: { omit_empty_optional_fields: true, json: { indent_style: 'space', indent_size: 2 } },
    show_preview_links: false,
    collections: [
      ...folders.map((data) => folderCollection(data, options.storeCount ?? 1)),
      {
        name: 'site',
        label: 'Settings and page texts',
        label_singular: 'file',
        files: files.map(fileEntry),
      } as Collection,
    ],
  } as CmsConfig;
}
