import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schema } from '../../data/schemas/models.ts';
import { DataFileError, parseDataFile } from '../../src/lib/data-file.ts';
import {
  allModels,
  comparePartner,
  featuredModels,
  fullName,
  getModel,
  highlightTiles,
  modelCompareHref,
  modelCrumbs,
  modelSeo,
  modelsByBrandAndSeries,
  modelSlugs,
  specRows,
  toCompareModel,
} from '../../src/lib/models/models.ts';
import { modelProduct } from '../../src/lib/seo/structured-data.ts';

const site = 'https://www.example.com';
const place = { county: 'Burlington County', state: 'NJ' };

describe('model helpers', () => {
  it('exports the 23 unique slugs for the id/slug collision check', () => {
    expect(modelSlugs).toHaveLength(23);
    expect(new Set(modelSlugs).size).toBe(23);
  });

  it('names a model with its brand', () => {
    expect(fullName(getModel('denago-ev-city'))).toBe('Denago EV City');
    expect(fullName(getModel('evolution-d5-ranger-2-2-plus'))).toBe('Evolution D5 Ranger 2+2 Plus');
  });

  it('groups all 23 models by brand, then series', () => {
    const groups = modelsByBrandAndSeries();
    expect(groups.map((g) => g.brand.name)).toEqual(['Denago', 'Evolution']);
    expect(
      groups
        .flatMap((g) => g.series.flatMap((s) => s.models))
        .map((m) => m.slug)
        .sort(),
    ).toEqual([...modelSlugs].sort());
    for (const group of groups) for (const { series, models } of group.series) for (const model of models) expect(model.series).toBe(series.slug);
  });

  it('builds the model breadcrumb: Home /, Vehicles at the canonical inventory /new-inventory, brand page, model', () => {
    expect(modelCrumbs(getModel('denago-ev-nomad'))).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Vehicles', path: '/new-inventory' },
      { name: 'Denago', path: '/denago' },
      { name: 'EV Nomad', path: '/vehicles/denago-ev-nomad' },
    ]);
    expect(modelCrumbs(getModel('evolution-turfman-1000'))[2]).toEqual({ name: 'Evolution', path: '/evolution' });
  });

  it('lists the specifications in a fixed order with readable values', () => {
    expect(specRows(getModel('denago-ev-rover-xl')).map((r) => `${r.label}: ${r.value}`)).toEqual([
      'Top Speed: 25 mph',
      'Range: Up to 50 mi',
      'Seating Capacity: 4',
      'Charging Time: 6-8 h',
      'Payload: 800 lbs',
      'Ground Clearance: 6 in',
      'Warranty: 2-year limited',
      'Brakes: Hydraulic disc',
    ]);
    expect(highlightTiles(getModel('denago-ev-city'))).toHaveLength(4);
  });

  it('pairs each model with a sibling for its Compare link', () => {
    expect(comparePartner(getModel('evolution-d5-maverick-4-plus')).series).toBe('d5-maverick');
    expect(comparePartner(getModel('evolution-turfman-1000')).brand).toBe('evolution');
    expect(comparePartner(getModel('denago-ev-city')).brand).toBe('denago');
    for (const model of allModels) expect(modelCompareHref(model)).toMatch(new RegExp(`^/compare\\?models=${model.slug},[a-z0-9-]+$`));
  });

  it('gives every model page its own title, description and keywords', () => {
    const seo = allModels.map((m) => modelSeo(m, place));
    expect(new Set(seo.map((s) => s.title)).size).toBe(23);
    expect(new Set(seo.map((s) => s.description)).size).toBe(23);
    for (const s of seo) expect(s.keywords.length).toBeGreaterThanOrEqual(5);
    expect(modelSeo(getModel('evolution-d6-max-xt6'), place).description).toContain('MSRP $19,995');
    expect(modelSeo(getModel('evolution-d6-max-gt4'), place).description).not.toContain('$');
  });

  it('shows MSRP in the comparison only where there is one', () => {
    expect(toCompareModel(getModel('evolution-d6-max-xt4')).values).toEqual({
      seats: '4',
      topSpeed: '25+ mph',
      range: '40-55 mi',
      payload: '1,000 lbs',
      chargingTime: '6-8 h',
      towing: null,
      batteryType: 'High performance lithium',
      msrp: '$17,995',
    });
    expect(toCompareModel(getModel('denago-ev-city')).values.msrp).toBeNull();
  });
});

describe('featured models of the home page', () => {
  it('prices each card from the catalogue: MSRP, else the featured price', () => {
    expect(featuredModels(['evolution-d5-maverick-4-plus', 'evolution-d6-max-gt4', 'denago-ev-city']).map((f) => [f.name, f.price, f.href])).toEqual([
      ['Evolution D5 Maverick 4 Plus', 12995, '/vehicles/evolution-d5-maverick-4-plus'],
      ['Evolution D6 Max GT4', 16995, '/vehicles/evolution-d6-max-gt4'],
      ['Denago EV City', 11995, '/vehicles/denago-ev-city'],
    ]);
  });

  it('fails the build naming data/home.json for an unknown or unpriced model', () => {
    expect(() => featuredModels(['denago-ev-city', 'no-such-cart'])).toThrow(DataFileError);
    expect(() => featuredModels(['denago-ev-city', 'no-such-cart'])).toThrow(/data\/home\.json → featured\[1\]: no model "no-such-cart"/);
    expect(() => featuredModels(['evolution-turfman-1000'])).toThrow(/neither an msrp nor a featuredPrice/);
  });
});

describe('Product JSON-LD of a model page', () => {
  const input = (slug: string) => {
    const model = getModel(slug);
    return modelProduct(model, site, { name: fullName(model), brandName: 'Brand', category: 'Series', specs: specRows(model) });
  };

  it('has brand, model, specifications and an Offer at the MSRP', () => {
    const product = input('evolution-d6-max-gt6');
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Evolution D6 Max GT6',
      model: 'D6 Max GT6',
      brand: { '@type': 'Brand', name: 'Brand' },
      url: 'https://www.example.com/vehicles/evolution-d6-max-gt6',
      offers: { '@type': 'Offer', price: 18995, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    expect(product.additionalProperty).toContainEqual({ '@type': 'PropertyValue', name: 'Top Speed', value: '25+ mph' });
  });

  it('describes a model without an MSRP as a ProductModel with no Offer (a featured price is not one)', () => {
    for (const slug of ['evolution-d6-max-gt4', 'denago-ev-city', 'evolution-turfman-1000']) {
      expect(input(slug)['@type']).toBe('ProductModel');
      expect(input(slug)).not.toHaveProperty('offers');
    }
  });
});

describe('a broken data/models.json', () => {
  const json = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'data', 'models.json'), 'utf8')) as Record<string, any>;
  const broken = (mutate: (copy: Record<string, any>) => void) => {
    const copy = structuredClone(json);
    mutate(copy);
    try {
      parseDataFile('models.json', schema, copy);
    } catch (error) {
      expect(error).toBeInstanceOf(DataFileError);
      return (error as Error).message;
    }
    throw new Error('the broken copy was accepted');
  };

  it('names a model in an unknown series or another brand’s series', () => {
    expect(broken((c) => (c.models[0].series = 'nope'))).toMatch(/models\[0\]\.series: no series "nope"/);
    expect(broken((c) => (c.models[0].series = 'ev-city'))).toMatch(/models\[0\]\.series: series "ev-city" belongs to denago, not evolution/);
  });

  it('requires MSRP, availability and delivery time on a newer page', () => {
    const message = broken((c) => {
      c.models[0].isNew = true;
    });
    for (const field of ['msrp', 'availability', 'deliveryTime']) expect(message).toContain(`models[0].${field}: a newer page (isNew) needs this field`);
  });

  it('rejects a highlight that is not given, a repeated slug and an unknown compare default', () => {
    const message = broken((c) => {
      c.models[1].highlights[0] = 'bedSize';
      c.models[2].slug = c.models[3].slug;
      c.compareDefault[0] = 'nope';
    });
    expect(message).toMatch(/models\[1\]\.highlights\[0\]: "bedSize" is not given in specs/);
    expect(message).toMatch(/models\[3\]\.slug: "evolution-turfman-1000" is used by another model/);
    expect(message).toMatch(/compareDefault\[0\]: no model "nope"/);
  });

  it('keeps a featured price off a model that has an MSRP', () => {
    expect(
      broken((c) => {
        c.models[22].featuredPrice = 1;
      }),
    ).toMatch(/models\[22\]\.featuredPrice: leave out featuredPrice/);
  });
});
