import { describe, expect, it } from 'vitest';
import dealerJson from '../../../data/dealer.json';
import lotJson from '../../../data/lot.json';
import mountHolly from '../../../data/stores/mount-holly.json';
import unitFiles from '../../../.generated/unit-files.json';
import { SECOND_STORE } from '../../../tests/fixtures/second-store.ts';
import { dealer } from '../data/dealer.ts';
import { parseStores } from '../data/stores.ts';
import { parseLot } from '../data/vehicles.ts';
import { dealerAt, directionsUrl, milesBetween, nearestStore, storeInbox } from './stores.ts';

const twoStores = () => parseStores({ 'mount-holly.json': mountHolly, 'medford.json': SECOND_STORE }, dealerJson);
const firstUnit = Object.keys(unitFiles)[0]!;

describe('the stores', () => {
  it('give a store without its own phone or hours the dealer’s, and a store with them its own', () => {
    const [main, second] = twoStores();
    expect(main).toMatchObject({ slug: 'mount-holly', phones: { main: dealer.phones.local }, hours: { main: dealer.hours.main } });
    expect(second).toMatchObject({ slug: 'medford', phones: { main: SECOND_STORE.phones.main }, hours: SECOND_STORE.hours });
  });

  it('keep the showroom’s directions link as the dealer settings had it', () => {
    expect(directionsUrl(mountHolly.address)).toBe('https://www.google.com/maps/dir/?api=1&destination=100+High+Street+Mount+Holly+NJ+08060');
  });

  it('refuse a store code used twice, two main stores, a file name that is not a slug and no store at all', () => {
    expect(() => parseStores({ 'mount-holly.json': mountHolly, 'medford.json': { ...SECOND_STORE, storeCode: 'mtholly-01' } }, dealerJson)).toThrow(
      'data/stores/medford.json → storeCode: "mtholly-01" is already the store code of "mount-holly"',
    );
    expect(() => parseStores({ 'mount-holly.json': mountHolly, 'medford.json': { ...SECOND_STORE, main: true } }, dealerJson)).toThrow(
      'data/stores/mount-holly.json → main: "medford" is already the main store',
    );
    expect(() => parseStores({ 'Mount Holly.json': mountHolly }, dealerJson)).toThrow('data/stores/Mount Holly.json: the file name');
    expect(() => parseStores({}, dealerJson)).toThrow('There is no store');
    expect(() => parseStores({ 'medford.json': { ...SECOND_STORE, inboxes: { sales: 'not an address' } } }, dealerJson)).toThrow(
      'data/stores/medford.json → inboxes.sales',
    );
  });

  it('find the nearest store and its distance in miles', () => {
    const [main, second] = twoStores();
    expect(milesBetween(main!.geo, main!.geo)).toBe(0);
    expect(nearestStore([main!, second!], { latitude: 39.86, longitude: -74.82 }).store.slug).toBe('medford');
    expect(nearestStore([main!, second!], { latitude: 40.05, longitude: -74.75 })).toMatchObject({ store: { slug: 'mount-holly' } });
    expect(nearestStore([main!, second!], main!.geo).miles).toBe(0);
    // Mount Holly to Medford: about 6.6 miles as the crow flies.
    expect(milesBetween(main!.geo, second!.geo)).toBeCloseTo(6.6, 1);
  });

  it('name the store in what a lead sends only when there are several', () => {
    const [main, second] = twoStores();
    expect(dealerAt(dealer, main!, false)).toBe(dealer);
    expect(dealerAt(dealer, second!, true)).toMatchObject({
      name: `${dealer.name} Medford showroom`,
      address: { city: 'Medford' },
      phones: { local: SECOND_STORE.phones.main },
    });
    expect(storeInbox(second, 'parts')).toBe(SECOND_STORE.inboxes.parts);
    expect(storeInbox(main, 'parts')).toBeUndefined();
  });
});

describe('the store of a unit', () => {
  it('is the only store when the unit names none', () => {
    expect(parseLot(unitFiles, lotJson, ['mount-holly']).units.every((unit) => unit.store === 'mount-holly')).toBe(true);
  });

  it('is the main store when the unit names none and there are several: a second store is one file', () => {
    const files = { ...unitFiles, [firstUnit]: { ...(unitFiles as Record<string, object>)[firstUnit], store: 'medford' } };
    const lot = parseLot(
      files,
      lotJson,
      twoStores().map((store) => store.slug),
    );
    expect(lot.units.find((unit) => `${unit.id}.json` === firstUnit)?.store).toBe('medford');
    const others = lot.units.filter((unit) => `${unit.id}.json` !== firstUnit);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((unit) => unit.store === 'mount-holly')).toBe(true);
  });

  it('is the store marked main, whatever the file names, when the unit names none', () => {
    const stores = parseStores(
      { 'mount-holly.json': { ...mountHolly, main: false }, 'atco.json': { ...SECOND_STORE, storeCode: 'ATCO-03', main: true } },
      dealerJson,
    );
    expect(stores[0]?.slug).toBe('atco');
    expect(
      parseLot(
        unitFiles,
        lotJson,
        stores.map((store) => store.slug),
      ).units.every((unit) => unit.store === 'atco'),
    ).toBe(true);
  });

  it('stops the build, with the file, the field and the stores to choose from, when it names no existing store', () => {
    const files = { ...unitFiles, [firstUnit]: { ...(unitFiles as Record<string, object>)[firstUnit], store: 'cherry-hill' } };
    expect(() => parseLot(files, lotJson, ['mount-holly', 'medford'])).toThrow(
      `data/units/${firstUnit} → store: there is no store "cherry-hill" (no file data/stores/cherry-hill.json): one of "mount-holly", "medford", or leave it out for the main store's lot`,
    );
  });
});
