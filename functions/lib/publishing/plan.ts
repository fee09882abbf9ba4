import type { Plan, PublishingSettings } from '../../../data/schemas/publishing.ts';
import { calendarDay, DEALER_TIME_ZONE } from '../../../src/lib/units/build-clock.ts';
import { NETLIFY } from './rates.ts';

/**
 * What a deploy costs on the dealer's Netlify plan and when the site may publish
 * (docs/product.md §Publishing). Pure: the publisher, the daily rebuild and `npm run cost`
 * share these figures; the meter rates themselves live in rates.ts.
 */

/** Credits a month on each credit-based plan of a new Netlify account. */
export const PLAN_CREDITS: Readonly<Record<Plan, number>> = NETLIFY.planCredits;

/** A production deploy (Deploy Previews and branch deploys cost none). */
export const DEPLOY_CREDITS = NETLIFY.creditsPerDeploy;

/**
 * Deploys a month the site may ask for when data/publishing.json names none: 60% of the plan's
 * credits, the rest left for visitors (bandwidth, requests) and functions; Free's 12 deploys
 * (180 credits) leave 120, twice what `npm run cost` counts for a small dealer's month.
 */
export const DEFAULT_DEPLOY_BUDGET: Readonly<Record<Plan, number>> = {
  free: Math.floor((PLAN_CREDITS.free * 0.6) / DEPLOY_CREDITS),
  personal: Math.floor((PLAN_CREDITS.personal * 0.6) / DEPLOY_CREDITS),
  pro: Math.floor((PLAN_CREDITS.pro * 0.6) / DEPLOY_CREDITS),
};

export function deployBudget(settings: Pick<PublishingSettings, 'plan' | 'deployBudget'>): number {
  return settings.deployBudget ?? DEFAULT_DEPLOY_BUDGET[settings.plan];
}

/** The month deploys are counted in: "2026-11" (UTC, as Netlify's usage resets on a date). */
export function budgetMonth(now: number): string {
  return new Date(now).toISOString().slice(0, 7);
}

/** The time of day in New York as minutes after midnight, and the calendar day there. */
export function dealerClock(now: number, timeZone = DEALER_TIME_ZONE): { day: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(now));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { day: calendarDay(new Date(now), timeZone), minutes: part('hour') * 60 + part('minute') };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The publishing time a run at `now` stands for: the one in the `everyMinutes` before now (the
 * publisher runs every `everyMinutes`, so each publishing time falls to exactly one run),
 * or null outside publishing times. A time between runs is published by the next run.
 */
export function duePublishingTime(times: readonly string[], now: number, everyMinutes: number): string | null {
  const { minutes } = dealerClock(now);
  for (const time of times) {
    const since = (minutes - minutesOf(time) + 24 * 60) % (24 * 60);
    if (since < everyMinutes) return time;
  }
  return null;
}

/**
 * How many of the month's deploys the publisher may have spent by `now`: the budget spread
 * evenly over the month's days (UTC), rounded up, so saved changes still go out late in the
 * month (a unit sold on the 28th) instead of the budget being spent in its first week.
 * Dated changes and an editor's own "Publish" are not paced, only counted.
 */
export function pacedAllowance(budget: number, now: number): number {
  const date = new Date(now);
  const days = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  return Math.min(budget, Math.ceil((budget * date.getUTCDate()) / days));
}
