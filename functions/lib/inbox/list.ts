import { z } from 'zod';
import { LEAD_STATUSES } from './handling.ts';
import { promiseState, type PromiseState } from './promise.ts';
import type { Summary } from './summaries.ts';

/**
 * The inbox list (docs/operations.md §The dealer's inbox): newest first, filtered by department,
 * form, status and store, searched by name, e-mail, phone or stock number, a page at a time,
 * each lead with its age against the promise (promise.ts). Pure: the summaries come from the index.
 */

export const PAGE_SIZE = 25;

const optional = z.preprocess((value) => (value === '' || value === null ? undefined : value), z.string().max(100).optional());

export const listQuerySchema = z.object({
  department: optional,
  form: optional,
  status: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(LEAD_STATUSES).optional()),
  store: optional,
  q: z.preprocess((value) => (value === null ? undefined : value), z.string().trim().max(100).optional()),
  page: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.coerce.number().int().min(1).max(100_000).default(1)),
});

export type ListQuery = z.infer<typeof listQuerySchema>;

export function listQueryFrom(params: URLSearchParams): ReturnType<typeof listQuerySchema.safeParse> {
  return listQuerySchema.safeParse(Object.fromEntries(['department', 'form', 'status', 'store', 'q', 'page'].map((name) => [name, params.get(name)])));
}

const digits = (text: string) => text.replace(/\D/g, '');

/** Whether a lead matches a search: any part of the name, e-mail or stock number, or the phone's digits. */
export function matchesSearch(summary: Summary, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  if (summary.name.toLowerCase().includes(needle) || summary.email.toLowerCase().includes(needle)) return true;
  if (summary.stock?.toLowerCase().includes(needle)) return true;
  const number = digits(needle);
  return number.length >= 3 && number.length === needle.replace(/[\s().+-]/g, '').length && digits(summary.phone).includes(number);
}

export interface ListedLead extends Summary {
  promise: PromiseState;
}

export interface LeadList {
  total: number;
  page: number;
  pages: number;
  leads: ListedLead[];
  /** What the filters offer: the values present in the whole inbox. */
  facets: { departments: string[]; forms: string[]; stores: string[] };
}

export function listLeads(summaries: readonly Summary[], query: ListQuery, now: number): LeadList {
  const matching = summaries.filter(
    (s) =>
      (!query.department || s.department === query.department) &&
      (!query.form || s.form === query.form) &&
      (!query.status || s.status === query.status) &&
      (!query.store || s.store === query.store) &&
      (!query.q || matchesSearch(s, query.q)),
  );
  matching.sort((a, b) => b.at - a.at || b.id.localeCompare(a.id));
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const leads = matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((s) => ({ ...s, promise: promiseState(s, now) }));
  const values = (pick: (s: Summary) => string | undefined) => [...new Set(summaries.map(pick).filter((v): v is string => Boolean(v)))].sort();
  return {
    total: matching.length,
    page,
    pages,
    leads,
    facets: { departments: values((s) => s.department), forms: values((s) => s.form), stores: values((s) => s.store) },
  };
}

/** Monday of the week of `at` (UTC), "2026-06-01". */
export function weekOf(at: number): string {
  const date = new Date(at);
  date.setUTCHours(0, 0, 0, 0);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

export interface ResponseWeek {
  week: string;
  department: string;
  leads: number;
  /** Median minutes from arrival to the first response, of the leads answered. */
  medianMinutes: number | null;
}

/** Median first-response time per week of arrival and department, the last `weeks` weeks, newest first. */
export function responseTimes(summaries: readonly Summary[], now: number, weeks = 8): ResponseWeek[] {
  const since = now - weeks * 7 * 86_400_000;
  const groups = new Map<string, { week: string; department: string; leads: number; minutes: number[] }>();
  for (const s of summaries) {
    if (s.at < since || s.status === 'spam') continue;
    const week = weekOf(s.at);
    const key = `${week} ${s.department}`;
    const group = groups.get(key) ?? { week, department: s.department, leads: 0, minutes: [] };
    group.leads++;
    if (s.firstResponseAt !== undefined) group.minutes.push(Math.max(0, (s.firstResponseAt - s.at) / 60_000));
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ minutes, ...group }) => ({ ...group, medianMinutes: median(minutes) }))
    .sort((a, b) => b.week.localeCompare(a.week) || a.department.localeCompare(b.department));
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return Math.round(value);
}
