import { describe, expect, it } from 'vitest';
import { batteryLines, batteryLineText } from './buying-guide.ts';

const unit = (type: 'lithium' | 'lead-acid' | 'agm', warrantyYears: number) => ({ battery: { type, warrantyYears } });

describe('the buying guide’s battery figures, counted from the lot (docs/product.md §Guides)', () => {
  it('groups the units by battery type, most first, with the range of their battery warranties', () => {
    const lines = batteryLines([unit('lithium', 8), unit('agm', 1), unit('lithium', 5), unit('lead-acid', 0), unit('lithium', 8), unit('lead-acid', 2)]);
    expect(lines).toEqual([
      { type: 'lithium', count: 3, minYears: 5, maxYears: 8 },
      { type: 'lead-acid', count: 2, minYears: 0, maxYears: 2 },
      { type: 'agm', count: 1, minYears: 1, maxYears: 1 },
    ]);
    expect(lines.map(batteryLineText)).toEqual([
      '3 with lithium batteries, battery warranty 5 to 8 years',
      '2 with lead-acid batteries, battery warranty up to 2 years, some none',
      '1 with AGM batteries, battery warranty 1 year',
    ]);
  });

  it('says when no unit of a type has a battery warranty, and lists nothing for an empty lot', () => {
    expect(batteryLines([unit('lead-acid', 0)]).map(batteryLineText)).toEqual(['1 with lead-acid batteries, no battery warranty']);
    expect(batteryLines([])).toEqual([]);
  });
});
