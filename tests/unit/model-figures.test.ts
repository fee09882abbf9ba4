import { describe, expect, it } from 'vitest';
import { allModels, getModel, modelSlugs } from '../../src/lib/models/models.ts';

/**
 * The model figures of docs/product.md §Models, row by row, written here by hand (not read
 * back from data/models.json). `other` is the 'Other' column split into its typed fields.
 */
interface Row {
  model: string;
  slug: string;
  topSpeed: string;
  range: string;
  seats: number;
  charge: string | undefined;
  payload: string;
  other: Record<string, string>;
  msrp: number | undefined;
  delivery: string | undefined;
}

const MODEL_ROWS: Row[] = [
  {
    model: 'D5 Ranger 6 Plus',
    slug: 'evolution-d5-ranger-6-plus',
    topSpeed: '19 mph',
    range: '30-45 mi',
    seats: 6,
    charge: '6-8 h',
    payload: '1,200 lbs',
    other: { towing: '1,500 lbs' },
    msrp: undefined,
    delivery: undefined,
  },
  {
    model: 'D5 Ranger 2+2 Plus',
    slug: 'evolution-d5-ranger-2-2-plus',
    topSpeed: '19 mph',
    range: '30-45 mi',
    seats: 4,
    charge: undefined,
    payload: '800 lbs',
    other: { towing: '1,200 lbs' },
    msrp: undefined,
    delivery: undefined,
  },
  {
    model: 'Forester 4 Plus',
    slug: 'evolution-forester-4-plus',
    topSpeed: '25 mph',
    range: '35-50 mi',
    seats: 4,
    charge: undefined,
    payload: '1,200 lbs',
    other: { towing: '1,500 lbs', bedSize: '48x32 in' },
    msrp: undefined,
    delivery: undefined,
  },
  {
    model: 'Turfman 1000',
    slug: 'evolution-turfman-1000',
    topSpeed: '15 mph',
    range: '40-60 mi',
    seats: 2,
    charge: '8-10 h',
    payload: '1,000 lbs',
    other: { towing: '1,800 lbs', batteryType: 'deep cycle lead acid' },
    msrp: undefined,
    delivery: undefined,
  },
  {
    model: 'EV City',
    slug: 'denago-ev-city',
    topSpeed: '25 mph',
    range: '40-50 mi',
    seats: 4,
    charge: '6-8 h',
    payload: '900 lbs',
    other: {
      motor: 'AC',
      dimensions: '142x58x74 in',
      wheelbase: '94 in',
      batteryType: 'lithium ion',
      chargingPort: '110V',
      certification: 'NEV certified for roads up to 35 mph',
    },
    msrp: undefined,
    delivery: undefined,
  },
  {
    model: 'D6 Max GT4',
    slug: 'evolution-d6-max-gt4',
    topSpeed: '25+ mph',
    range: '40-55 mi',
    seats: 4,
    charge: '6-8 h',
    payload: '900 lbs',
    other: { dimensions: '118x60x76 in', groundClearance: '7 in' },
    msrp: undefined,
    delivery: undefined,
  },
  {
    model: 'EV Nomad',
    slug: 'denago-ev-nomad',
    topSpeed: '25 mph',
    range: '45-60 mi',
    seats: 4,
    charge: '6-8 h',
    payload: '1,000 lbs',
    other: { dimensions: '120x60x75 in', groundClearance: '10 in', towing: '1,500 lbs' },
    msrp: undefined,
    delivery: undefined,
  },
  {
    model: 'Classic 4 Plus',
    slug: 'evolution-classic-4-plus',
    topSpeed: '19 mph',
    range: '35-45 mi',
    seats: 4,
    charge: '8-10 h',
    payload: '800 lbs',
    other: { motor: '48V', dimensions: '110x48x72 in', wheelbase: '79 in' },
    msrp: undefined,
    delivery: undefined,
  },
  {
    model: 'EV Rover XL',
    slug: 'denago-ev-rover-xl',
    topSpeed: '25 mph',
    range: 'up to 50 mi',
    seats: 4,
    charge: '6-8 h',
    payload: '800 lbs',
    other: { groundClearance: '6 in', brakes: 'hydraulic disc', warranty: '2-year limited' },
    msrp: undefined,
    delivery: undefined,
  },
  {
    model: 'EV Nomad XL',
    slug: 'denago-ev-nomad-xl',
    topSpeed: '25 mph',
    range: '45-55 mi',
    seats: 6,
    charge: '6-8 h',
    payload: '1,200 lbs',
    other: {},
    msrp: 15995,
    delivery: '2-3 weeks',
  },
  {
    model: 'EV Rover XL6',
    slug: 'denago-ev-rover-xl6',
    topSpeed: '25 mph',
    range: '50-65 mi',
    seats: 6,
    charge: '8-10 h',
    payload: '1,200 lbs',
    other: {},
    msrp: 18995,
    delivery: '2-3 weeks',
  },
  {
    model: 'EV Rover XXL',
    slug: 'denago-ev-rover-xxl',
    topSpeed: '25 mph',
    range: '50-65 mi',
    seats: 8,
    charge: '8-10 h',
    payload: '1,400 lbs',
    other: {},
    msrp: 19995,
    delivery: '2-3 weeks',
  },
  {
    model: 'Carrier 6 Plus',
    slug: 'evolution-carrier-6-plus',
    topSpeed: '20 mph',
    range: '30-40 mi',
    seats: 6,
    charge: '8-10 h',
    payload: '1,200 lbs',
    other: {},
    msrp: 13995,
    delivery: '2-3 weeks',
  },
  {
    model: 'Carrier 8 Plus',
    slug: 'evolution-carrier-8-plus',
    topSpeed: '20 mph',
    range: '30-40 mi',
    seats: 8,
    charge: '8-10 h',
    payload: '1,400 lbs',
    other: {},
    msrp: 15995,
    delivery: '2-3 weeks',
  },
  {
    model: 'Classic 2 Plus',
    slug: 'evolution-classic-2-plus',
    topSpeed: '19 mph',
    range: '25-35 mi',
    seats: 2,
    charge: '8-10 h',
    payload: '400 lbs',
    other: {},
    msrp: 9995,
    delivery: '1-2 weeks',
  },
  {
    model: 'Classic 2 Pro',
    slug: 'evolution-classic-2-pro',
    topSpeed: '19 mph',
    range: '30-40 mi',
    seats: 2,
    charge: '8-10 h',
    payload: '500 lbs',
    other: { batteryType: 'enhanced deep cycle battery' },
    msrp: 11995,
    delivery: '1-2 weeks',
  },
  {
    model: 'D5 Maverick 4',
    slug: 'evolution-d5-maverick-4',
    topSpeed: '25 mph',
    range: '30-40 mi',
    seats: 4,
    charge: '6-8 h',
    payload: '800 lbs',
    other: { batteryType: 'lithium ion' },
    msrp: 11995,
    delivery: '1-2 weeks',
  },
  {
    model: 'D5 Maverick 6',
    slug: 'evolution-d5-maverick-6',
    topSpeed: '25 mph',
    range: '30-40 mi',
    seats: 6,
    charge: '6-8 h',
    payload: '1,000 lbs',
    other: { batteryType: 'lithium ion' },
    msrp: 13995,
    delivery: '1-2 weeks',
  },
  {
    model: 'D5 Maverick 4 Plus',
    slug: 'evolution-d5-maverick-4-plus',
    topSpeed: '25 mph',
    range: '35-45 mi',
    seats: 4,
    charge: '6-8 h',
    payload: '800 lbs',
    other: { batteryType: 'lithium ion' },
    msrp: 12995,
    delivery: '1-2 weeks',
  },
  {
    model: 'D5 Maverick 6 Plus',
    slug: 'evolution-d5-maverick-6-plus',
    topSpeed: '25 mph',
    range: '35-45 mi',
    seats: 6,
    charge: '8-10 h',
    payload: '1,200 lbs',
    other: { batteryType: 'lithium ion' },
    msrp: 14995,
    delivery: '1-2 weeks',
  },
  {
    model: 'D6 Max GT6',
    slug: 'evolution-d6-max-gt6',
    topSpeed: '25+ mph',
    range: '45-60 mi',
    seats: 6,
    charge: '6-8 h',
    payload: '1,200 lbs',
    other: { batteryType: 'high performance lithium' },
    msrp: 18995,
    delivery: '2-3 weeks',
  },
  {
    model: 'D6 Max XT4',
    slug: 'evolution-d6-max-xt4',
    topSpeed: '25+ mph',
    range: '40-55 mi',
    seats: 4,
    charge: '6-8 h',
    payload: '1,000 lbs',
    other: { batteryType: 'high performance lithium' },
    msrp: 17995,
    delivery: '2-3 weeks',
  },
  {
    model: 'D6 Max XT6',
    slug: 'evolution-d6-max-xt6',
    topSpeed: '25+ mph',
    range: '40-55 mi',
    seats: 6,
    charge: '6-8 h',
    payload: '1,200 lbs',
    other: { batteryType: 'high performance lithium' },
    msrp: 19995,
    delivery: '2-3 weeks',
  },
];

/** The 'Other' fields a model may carry; any not in a row's `other` must be absent. */
const OTHER_FIELDS = [
  'motor',
  'dimensions',
  'wheelbase',
  'groundClearance',
  'towing',
  'batteryType',
  'bedSize',
  'chargingPort',
  'certification',
  'warranty',
  'brakes',
  'tires',
  'suspension',
];

describe('data/models.json against the model figures', () => {
  it('has exactly the 23 models, in the order of the model table', () => {
    expect(MODEL_ROWS).toHaveLength(23);
    expect(modelSlugs).toEqual(MODEL_ROWS.map((row) => row.slug));
  });

  it.each(MODEL_ROWS)('$model ($slug) has every figure of its row', (row) => {
    const model = getModel(row.slug);
    expect(model.name).toBe(row.model);
    expect(model.specs.topSpeed).toBe(row.topSpeed);
    expect(model.specs.range).toBe(row.range);
    expect(model.specs.seats).toBe(row.seats);
    expect(model.specs.chargingTime).toBe(row.charge);
    expect(model.specs.payload).toBe(row.payload);
    const other = Object.fromEntries(
      OTHER_FIELDS.flatMap((field) =>
        model.specs[field as keyof typeof model.specs] === undefined ? [] : [[field, model.specs[field as keyof typeof model.specs]]],
      ),
    );
    expect(other).toEqual(row.other);
    expect(model.msrp).toBe(row.msrp);
    expect(model.deliveryTime).toBe(row.delivery);
  });

  it('marks the newer pages (Nomad XL, Rover XL6, Rover XXL, Carriers, Classic 2 Plus/Pro, Mavericks, Max with MSRP) with In Stock', () => {
    const newer = [
      'denago-ev-nomad-xl',
      'denago-ev-rover-xl6',
      'denago-ev-rover-xxl',
      'evolution-carrier-6-plus',
      'evolution-carrier-8-plus',
      'evolution-classic-2-plus',
      'evolution-classic-2-pro',
      'evolution-d5-maverick-4',
      'evolution-d5-maverick-6',
      'evolution-d5-maverick-4-plus',
      'evolution-d5-maverick-6-plus',
      'evolution-d6-max-gt6',
      'evolution-d6-max-xt4',
      'evolution-d6-max-xt6',
    ];
    expect(allModels.filter((m) => m.isNew).map((m) => m.slug)).toEqual(newer);
    for (const slug of newer) expect(getModel(slug).availability).toBe('In Stock');
  });

  it('gives View More Details links to EV City, EV Nomad, Nomad XL, Carrier 6 Plus and Maverick 4 Plus only', () => {
    expect(allModels.filter((m) => m.detailsUrl).map((m) => m.slug)).toEqual([
      'denago-ev-city',
      'denago-ev-nomad',
      'denago-ev-nomad-xl',
      'evolution-carrier-6-plus',
      'evolution-d5-maverick-4-plus',
    ]);
    for (const model of allModels.filter((m) => m.detailsUrl)) expect(new URL(model.detailsUrl ?? '').hostname).toMatch(/\.example\.com$/);
  });

  it('keeps the featured prices of D6 Max GT4 ($16,995) and EV City ($11,995) apart from MSRP', () => {
    expect(getModel('evolution-d6-max-gt4')).toMatchObject({ featuredPrice: 16995 });
    expect(getModel('evolution-d6-max-gt4').msrp).toBeUndefined();
    expect(getModel('denago-ev-city')).toMatchObject({ featuredPrice: 11995 });
    expect(getModel('denago-ev-city').msrp).toBeUndefined();
    expect(allModels.filter((m) => m.featuredPrice !== undefined).map((m) => m.slug)).toEqual(['denago-ev-city', 'evolution-d6-max-gt4']);
  });
});
