import { describe, expect, it } from 'vitest';
import { models } from '../data/models.ts';
import { vehicles } from '../data/vehicles.ts';
import { assertNoSlugCollisions, SlugCollisionError } from './slug-collisions.ts';

/** The 23 static model pages (docs/product.md §Models) (the {hash} entries resolved to their model slugs). */
const MODEL_SLUGS = [
  'evolution-d5-ranger-6-plus',
  'evolution-d5-ranger-2-2-plus',
  'evolution-forester-4-plus',
  'evolution-turfman-1000',
  'denago-ev-city',
  'evolution-d6-max-gt4',
  'denago-ev-nomad',
  'evolution-classic-4-plus',
  'denago-ev-rover-xl',
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

describe('assertNoSlugCollisions', () => {
  it('accepts ids and slugs that differ', () => {
    expect(() => assertNoSlugCollisions(['evo-a', 'evo-b'], ['evolution-a'])).not.toThrow();
    expect(() => assertNoSlugCollisions([], [])).not.toThrow();
  });

  it('fails on an id equal to a model slug, naming it and the address', () => {
    expect(() => assertNoSlugCollisions(['evo-a', 'denago-ev-city'], MODEL_SLUGS)).toThrow(SlugCollisionError);
    expect(() => assertNoSlugCollisions(['denago-ev-city'], MODEL_SLUGS)).toThrow(/"denago-ev-city" is also a model page \(\/vehicles\/denago-ev-city\)/);
  });

  it('fails on a repeated id and on the reserved not-found page', () => {
    expect(() => assertNoSlugCollisions(['a', 'a'], [])).toThrow(/"a" is used twice/);
    expect(() => assertNoSlugCollisions(['not-found'], [])).toThrow(/reserved/);
  });

  it('lists every problem at once', () => {
    try {
      assertNoSlugCollisions(['denago-ev-city', 'not-found'], MODEL_SLUGS);
      throw new Error('no error');
    } catch (error) {
      expect((error as Error).message.match(/•/g)).toHaveLength(2);
    }
  });

  it('the model data has the 23 model pages', () => {
    expect(models.map((m) => m.slug).sort()).toEqual([...MODEL_SLUGS].sort());
  });

  it('passes for the lot in data/vehicles.json against every model page', () => {
    expect(() =>
      assertNoSlugCollisions(
        vehicles.map((v) => v.id),
        MODEL_SLUGS,
      ),
    ).not.toThrow();
  });
});
