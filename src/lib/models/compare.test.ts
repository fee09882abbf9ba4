import { describe, expect, it } from 'vitest';
import { compareHref, selectionFromQuery } from './compare.ts';

const known = ['a-1', 'b-2', 'c-3', 'd-4', 'e-5'];
const fallback = ['c-3', 'd-4'];

describe('selectionFromQuery', () => {
  it.each([
    ['', ['c-3', 'd-4'], []],
    ['?models=a-1,b-2', ['a-1', 'b-2'], []],
    ['?models=b-2,a-1,e-5,d-4', ['b-2', 'a-1', 'e-5', 'd-4'], []],
    ['?models=a-1%2Cb-2', ['a-1', 'b-2'], []],
    ['?models=a-1&models=b-2', ['a-1', 'b-2'], []],
    ['?models=A-1, b-2 ,', ['a-1', 'b-2'], []],
    ['?models=a-1,a-1,b-2', ['a-1', 'b-2'], ['a-1']],
    ['?models=a-1,b-2,c-3,d-4,e-5', ['a-1', 'b-2', 'c-3', 'd-4'], ['e-5']],
    ['?models=a-1,nope', ['a-1', 'c-3'], ['nope']],
    ['?models=c-3', ['c-3', 'd-4'], []],
    ['?models=nope,zilch', ['c-3', 'd-4'], ['nope', 'zilch']],
    ['?models=', ['c-3', 'd-4'], []],
    ['?other=1', ['c-3', 'd-4'], []],
  ])('%s → %j (ignored %j)', (search, slugs, ignored) => {
    expect(selectionFromQuery(search, known, fallback)).toEqual({ slugs, ignored });
  });
});

describe('compareHref', () => {
  it('joins slugs with readable commas', () => {
    expect(compareHref(['denago-ev-city', 'evolution-d6-max-gt4'])).toBe('/compare?models=denago-ev-city,evolution-d6-max-gt4');
  });
  it('is the bare page without models', () => {
    expect(compareHref([])).toBe('/compare');
  });
  it('round-trips through selectionFromQuery', () => {
    const href = compareHref(['e-5', 'a-1', 'b-2']);
    expect(selectionFromQuery(new URL(href, 'https://x.test').search, known, fallback).slugs).toEqual(['e-5', 'a-1', 'b-2']);
  });
});
