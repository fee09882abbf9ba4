import { describe, expect, it } from 'vitest';
import json from '../../../data/street-use.json';
import townsJson from '../../../data/towns.json';
import { schema } from '../../../data/schemas/street-use.ts';
import { schema as townsSchema, type Ordinance } from '../../../data/schemas/towns.ts';
import { DataFileError, parseDataFile } from '../data-file.ts';
import streetUseChecks from '../../integrations/street-use-checks.ts';
import { checkedFacts, checkedText, citationsOf, dueCheckLines, dueChecks, dueDay, isStale, latestCheck, townStreetUse } from './street-use.ts';

const data = parseDataFile('street-use.json', schema, json);
const refused = (mutate: (copy: typeof json) => void): string => {
  const copy = structuredClone(json);
  mutate(copy);
  try {
    parseDataFile('street-use.json', schema, copy);
  } catch (error) {
    expect(error).toBeInstanceOf(DataFileError);
    return (error as Error).message;
  }
  throw new Error('the broken file was accepted');
};

describe('street-use facts in data/street-use.json (docs/product.md §Guides)', () => {
  it('refuse a fact without its source or its checked date, naming the file and the fact', () => {
    expect(
      refused((copy) => {
        Reflect.deleteProperty(copy.facts[2]!, 'source');
      }),
    ).toContain('data/street-use.json → facts[2].source: this field is required');
    expect(
      refused((copy) => {
        Reflect.deleteProperty(copy.facts[0]!, 'checked');
      }),
    ).toContain('data/street-use.json → facts[0].checked: this field is required');
    expect(
      refused((copy) => {
        copy.facts[1]!.checked = 'last spring';
      }),
    ).toContain('data/street-use.json → facts[1].checked: is not a valid date');
  });

  it('refuse a source that is not listed, a source without its address, and a page citing a fact that does not exist', () => {
    expect(
      refused((copy) => {
        copy.facts[0]!.source = 'a-blog';
      }),
    ).toContain('facts[0].source: no source "a-blog" in sources');
    expect(
      refused((copy) => {
        Reflect.deleteProperty(copy.sources[0]!, 'url');
      }),
    ).toContain('sources[0].url: this field is required');
    expect(
      refused((copy) => {
        copy.guide.comparison[0]!.lsv.push('lsv-gasoline');
        copy.townPage.ruleFacts = ['golf-carts-on-any-road'];
      }),
    ).toMatch(/guide\.comparison\[0\]\.lsv\[1\]: no fact "lsv-gasoline"[\s\S]*townPage\.ruleFacts\[0\]: no fact "golf-carts-on-any-road"/);
  });

  it('refuse a recorded town ordinance without its address or checked date', () => {
    const towns = structuredClone(townsJson);
    Object.assign(towns.municipalities[0]!, {
      ordinances: [{ number: 'Ordinance 2024-1', title: 'Low-speed vehicles', says: 'Bans LSVs on all town roads.' }],
    });
    expect(() => parseDataFile('towns.json', townsSchema, towns)).toThrow(
      /municipalities\[0\]\.ordinances\[0\]\.url: this field is required[\s\S]*municipalities\[0\]\.ordinances\[0\]\.checked: this field is required/,
    );
  });
});

describe('when a statement is due for a new check', () => {
  it('is 12 months after its check, to the day', () => {
    expect(dueDay('2026-11-27')).toBe('2027-11-27');
    expect(dueDay('2026-01-31')).toBe('2027-01-31');
    expect(isStale('2026-11-27', '2027-11-26')).toBe(false);
    expect(isStale('2026-11-27', '2027-11-27')).toBe(true);
  });

  it('shows as "last checked <date>" once due, "checked <date>" before', () => {
    expect(checkedText('2026-11-27', false)).toBe('checked November 27, 2026');
    expect(checkedText('2026-11-27', true)).toBe('last checked November 27, 2026');
    const [fresh] = checkedFacts(['lsv-roads'], data, '2027-11-26');
    const [due] = checkedFacts(['lsv-roads'], data, '2027-11-27');
    expect([fresh?.stale, due?.stale]).toEqual([false, true]);
  });

  it('warns the editors at build of each fact and ordinance due, by its place in the data, and never stops the build', () => {
    const ordinance: Ordinance = {
      number: 'Ordinance 2020-3',
      title: 'Low-speed vehicles',
      says: 'Bans LSVs.',
      url: 'https://ecode360.com/x',
      checked: '2025-01-10',
    };
    const towns = [{ name: 'Delran Township' }, { name: 'Beverly City', ordinances: [ordinance] }];
    expect(dueChecks(data, towns, '2026-11-27').map((d) => d.where)).toEqual(['data/towns.json → municipalities[1].ordinances[0]']);
    const later = dueCheckLines(dueChecks(data, towns, dueDay(data.facts[0]!.checked)));
    expect(later[0]).toContain(`${data.facts.length + 1} street-use statements not checked for 12 months`);
    expect(later).toContain(
      `  • data/street-use.json → facts[0] (${data.facts[0]!.id}): last checked ${data.facts[0]!.checked}, https://nj.gov/mvc/vehicletopics/lowspeed.htm`,
    );
    expect(later.at(-1)).toBe(
      '  • data/towns.json → municipalities[1].ordinances[0] (Beverly City Ordinance 2020-3): last checked 2025-01-10, https://ecode360.com/x',
    );

    const logged: { warn: string[]; info: string[] } = { warn: [], info: [] };
    const logger = { warn: (text: string) => logged.warn.push(text), info: (text: string) => logged.info.push(text) };
    const start = (lines: string[]) => streetUseChecks({ lines }).hooks['astro:build:start'] as (options: unknown) => void;
    start(later)({ logger });
    expect(logged.warn).toEqual([later.join('\n')]);
    start([])({ logger });
    expect(logged.warn).toHaveLength(1);
    expect(logged.info).toHaveLength(1);
  });
});

describe('a town page’s street-use lines (docs/product.md §Towns)', () => {
  const today = '2026-11-27';

  it('by default: the state rule in the town’s name with its source and date, no ordinance on record, and the town’s clerk', () => {
    const lines = townStreetUse({ name: 'Delran Township' }, data, today);
    expect(lines.rule).toBe(data.townPage.rule.replaceAll('{town}', 'Delran Township'));
    expect(lines.citations).toEqual(citationsOf(checkedFacts(data.townPage.ruleFacts, data, today)));
    expect(lines.citations.map((c) => c.source.url)).toEqual(['https://nj.gov/mvc/vehicletopics/lowspeed.htm']);
    expect(lines.ordinances).toEqual([]);
    expect(lines.noRecord).toBe('We have no record of a Delran Township ordinance on LSVs.');
    expect(lines.askClerk).toBe("Ask Delran Township's clerk whether it bars LSVs from its roads.");
    expect(lines).not.toHaveProperty('clerk');
  });

  it('with an ordinance an editor recorded: shows it with its number, address and checked date, in place of "no record"', () => {
    const ordinance: Ordinance = {
      number: 'Ordinance 2026-4',
      title: 'Low-speed vehicles on township roads',
      says: 'LSVs may not use Main Street.',
      url: 'https://ecode360.com/00000000',
      checked: '2026-10-01',
    };
    const clerk = { phone: { display: '(856) 555-0100', e164: '+18565550100' } };
    const lines = townStreetUse({ name: 'Delran Township', ordinances: [ordinance], clerk }, data, today);
    expect(lines.ordinances).toEqual([{ ...ordinance, stale: false }]);
    expect(lines).not.toHaveProperty('noRecord');
    expect(lines.clerk).toEqual(clerk);
    expect(townStreetUse({ name: 'Delran Township', ordinances: [ordinance] }, data, '2027-10-01').ordinances[0]?.stale).toBe(true);
  });

  it('on the county page: the state rule for "your town" and the line to its clerk, no town’s ordinance', () => {
    const lines = townStreetUse({ name: 'Burlington County', county: true, ordinances: [] }, data, today);
    expect(lines.rule).toBe(data.townPage.rule.replaceAll('{town}', 'your town'));
    expect(lines.askClerk).toBe(data.townPage.county);
    expect(lines).not.toHaveProperty('noRecord');
  });

  it('cites each source once, with the oldest check among the facts it backs', () => {
    const facts = checkedFacts(
      ['lsv-roads', 'lsv-license-class', 'lsv-town-ban'],
      { ...data, facts: data.facts.map((f) => (f.id === 'lsv-town-ban' ? { ...f, checked: '2026-01-02' } : f)) },
      today,
    );
    expect(citationsOf(facts).map((c) => [c.source.id, c.checked])).toEqual([
      ['mvc-lsv', '2026-01-02'],
      ['nj-driver-manual', data.facts.find((f) => f.id === 'lsv-license-class')!.checked],
    ]);
    expect(latestCheck([{ checked: '2026-01-02' }, { checked: '2026-11-27' }])).toBe('2026-11-27');
  });
});
