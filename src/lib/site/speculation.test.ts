import { describe, expect, it } from 'vitest';
import { NEVER_SPECULATED, SPECULATION_RULES, savesData } from './speculation.ts';

type Predicate = { and?: readonly Predicate[]; not?: Predicate; selector_matches?: string; href_matches?: string | readonly string[] };
const rules = [...SPECULATION_RULES.prerender, ...SPECULATION_RULES.prefetch];
const parts = (where: Predicate): readonly Predicate[] => where.and ?? [where];

describe('the speculation rules', () => {
  it('never take the functions, the admin, the e-mails’ alert links or a form’s thank-you page', () => {
    for (const rule of rules) {
      const excluded = parts(rule.where as unknown as Predicate).flatMap((p) => (p.not?.href_matches ? [p.not.href_matches].flat() : []));
      // The prerender of a marked card link is named by our own attribute, set on unit pages' links only.
      if (excluded.length === 0) continue;
      expect(excluded).toEqual([...NEVER_SPECULATED]);
    }
    expect(NEVER_SPECULATED).toEqual(expect.arrayContaining(['/api/*', '/admin', '/admin/*', '/.netlify/*', '/alerts/*', '/thank-you']));
  });

  it('count Save-Data and 2G connections as saving data, and a missing API as not', () => {
    expect(savesData({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(savesData({ saveData: false, effectiveType: 'slow-2g' })).toBe(true);
    expect(savesData({ saveData: false, effectiveType: '2g' })).toBe(true);
    expect(savesData({ saveData: false, effectiveType: '3g' })).toBe(false);
    expect(savesData(undefined)).toBe(false);
  });
});
