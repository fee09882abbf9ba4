import type { StreetUse, StreetUseFact, StreetUseSource } from '../../../data/schemas/street-use.ts';
import type { Clerk, Ordinance } from '../../../data/schemas/towns.ts';
import { formatDay } from '../units/facts.ts';

/**
 * Street use in New Jersey (docs/product.md §Guides): the facts with their sources and checked
 * dates as the pages print them, a town's street-use lines, and which facts are due for a new
 * check. Pure: the data comes in as arguments.
 */

/** The street-use guide's address. */
export const STREET_USE_GUIDE_PATH = '/street-legal-golf-carts-nj';

/** A fact or an ordinance not checked for this many months shows "last checked" and the build warns. */
export const STALE_AFTER_MONTHS = 12;

/** The day a statement checked on `checked` (YYYY-MM-DD) is due for a new check: 12 months later. */
export function dueDay(checked: string): string {
  const [year = 0, month = 1, day = 1] = checked.split('-').map(Number);
  const total = year * 12 + (month - 1) + STALE_AFTER_MONTHS;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whether a statement checked on `checked` has gone 12 months without a check by `today` (both YYYY-MM-DD). */
export function isStale(checked: string, today: string): boolean {
  return dueDay(checked) <= today;
}

/** How a page dates a statement: "checked November 27, 2026", or "last checked …" once it is due for a new check. */
export function checkedText(checked: string, stale: boolean): string {
  return `${stale ? 'last checked' : 'checked'} ${formatDay(checked)}`;
}

/** A statement as a page prints it: its words, where it comes from, and when that was last checked. */
export interface CheckedFact {
  id: string;
  text: string;
  source: StreetUseSource;
  checked: string;
  stale: boolean;
}

/** One source of a group of statements, with the oldest check among them. */
export interface Citation {
  source: StreetUseSource;
  checked: string;
  stale: boolean;
}

type Library = Pick<StreetUse, 'sources' | 'facts'>;

/** The facts named by `ids`, in that order, each with its source and whether it is stale on `today`. */
export function checkedFacts(ids: readonly string[], library: Library, today: string): CheckedFact[] {
  return ids.map((id) => {
    const fact = library.facts.find((f) => f.id === id);
    const source = library.sources.find((s) => s.id === fact?.source);
    // The schema and the data module refuse a missing fact or source before a page is built.
    if (!fact || !source) throw new Error(`no fact "${id}" with a source in data/street-use.json`);
    return { id, text: fact.text, source, checked: fact.checked, stale: isStale(fact.checked, today) };
  });
}

/** The sources of some facts, once each in order of first use, each with the oldest check of its facts. */
export function citationsOf(facts: readonly CheckedFact[]): Citation[] {
  const bySource = new Map<string, Citation>();
  for (const fact of facts) {
    const seen = bySource.get(fact.source.id);
    if (!seen || fact.checked < seen.checked) bySource.set(fact.source.id, { source: fact.source, checked: fact.checked, stale: fact.stale });
  }
  return [...bySource.values()];
}

/** The latest check among the facts a page shows: the day it last changed (its `dateModified`). */
export function latestCheck(facts: readonly Pick<StreetUseFact, 'checked'>[]): string {
  return facts.reduce((latest, fact) => (fact.checked > latest ? fact.checked : latest), '');
}

/** A town's ordinance as its page prints it. */
export interface CheckedOrdinance extends Ordinance {
  stale: boolean;
}

/** What a town page says about street use there (docs/product.md §Towns). */
export interface TownStreetUse {
  /** The state rule as it applies to the place. */
  rule: string;
  /** The sources of the facts the rule restates. */
  citations: Citation[];
  /** The town's own rules an editor recorded, none invented. */
  ordinances: CheckedOrdinance[];
  /** "We have no record of a … ordinance": only when the town has none recorded. */
  noRecord?: string;
  /** The line that sends the buyer to the town's clerk; the county page's note in its place. */
  askClerk: string;
  /** The clerk's contact, where the town's data has one. */
  clerk?: Clerk;
}

/** A municipality, or the county hub (`county: true`), with what its data records. */
export interface StreetUsePlace {
  /** "Delran Township". */
  name: string;
  county?: boolean;
  clerk?: Clerk | undefined;
  ordinances?: readonly Ordinance[] | undefined;
}

/**
 * The street-use lines of a town page: the state rule in the town's words with its sources, the
 * ordinances the town's data records (each with its link and checked date), otherwise that none is
 * on record, and the clerk. The county page gets the state rule for "your town" and its note.
 */
export function townStreetUse(place: StreetUsePlace, data: Pick<StreetUse, 'sources' | 'facts' | 'townPage'>, today: string): TownStreetUse {
  const lines = data.townPage;
  const town = place.county ? 'your town' : place.name;
  const fill = (text: string) => text.replaceAll('{town}', town);
  const rule = { rule: fill(lines.rule), citations: citationsOf(checkedFacts(lines.ruleFacts, data, today)) };
  if (place.county) return { ...rule, ordinances: [], askClerk: lines.county };
  const ordinances = (place.ordinances ?? []).map((ordinance) => ({ ...ordinance, stale: isStale(ordinance.checked, today) }));
  return {
    ...rule,
    ordinances,
    ...(ordinances.length === 0 ? { noRecord: fill(lines.noRecord) } : {}),
    askClerk: fill(lines.askClerk),
    ...(place.clerk ? { clerk: place.clerk } : {}),
  };
}

/** A statement due for a new check, named as the editor finds it in the data. */
export interface DueCheck {
  /** e.g. `data/street-use.json → facts[3]`. */
  where: string;
  /** e.g. `lsv-roads` or `Ordinance 2024-12`. */
  what: string;
  checked: string;
  url: string;
}

/** Every fact and recorded ordinance not checked for 12 months by `today`: the build warns the editors of each. */
export function dueChecks(data: Library, towns: readonly { name: string; ordinances?: readonly Ordinance[] | undefined }[], today: string): DueCheck[] {
  const facts = data.facts.flatMap((fact, index) =>
    isStale(fact.checked, today)
      ? [
          {
            where: `data/street-use.json → facts[${index}]`,
            what: fact.id,
            checked: fact.checked,
            url: data.sources.find((source) => source.id === fact.source)?.url ?? '',
          },
        ]
      : [],
  );
  const ordinances = towns.flatMap((town, index) =>
    (town.ordinances ?? []).flatMap((ordinance, n) =>
      isStale(ordinance.checked, today)
        ? [
            {
              where: `data/towns.json → municipalities[${index}].ordinances[${n}]`,
              what: `${town.name} ${ordinance.number}`,
              checked: ordinance.checked,
              url: ordinance.url,
            },
          ]
        : [],
    ),
  );
  return [...facts, ...ordinances];
}

/** The build's warning lines, one per statement due for a new check. */
export function dueCheckLines(due: readonly DueCheck[]): string[] {
  if (due.length === 0) return [];
  return [
    `${due.length} street-use statement${due.length === 1 ? '' : 's'} not checked for ${STALE_AFTER_MONTHS} months: their pages say "last checked". Read each on its source, correct it if it changed, and set today's date:`,
    ...due.map((d) => `  • ${d.where} (${d.what}): last checked ${d.checked}, ${d.url}`),
  ];
}
