import type { Store as Blobs } from '@netlify/blobs';
import type { PublishingSettings } from '../../../data/schemas/publishing.ts';
import type { OutgoingEmail, SendResult } from '../mail/mailer.ts';
import { branchHead } from '../github/branch-head.ts';
import { callBuildHook, type BuildHookResult } from './build-hook.ts';
import type { PublishingConfig } from '../../../src/lib/settings/publishing.ts';
import { budgetNotice } from './notice.ts';
import { budgetMonth, dealerClock, deployBudget, duePublishingTime, pacedAllowance } from './plan.ts';
import { deploysSpent, readState, updateState, withAsk, withFailure, type PublishingJob, type PublishingState } from './record.ts';

/**
 * The two scheduled jobs that ask Netlify for a production deploy (docs/product.md §Publishing):
 * the publisher, at the dealer's publishing times, when the branch has commits the site does
 * not show; the daily rebuild, on the day the deployed build's next dated change is due. Both
 * ask through one gate, `askForDeploy`: at most one deploy on its way, never past the month's
 * budget, and past it one e-mail to the dealer instead.
 */

/** The publisher runs at the start of every hour (functions/publisher.ts). */
export const PUBLISHER_EVERY_MINUTES = 60;

export type PublishOutcome =
  | { action: 'none'; reason: string }
  | { action: 'asked'; reason: string; spent: number; budget: number }
  | { action: 'held'; reason: string; spent: number; budget: number; notified: boolean }
  | { action: 'failed'; reason: string };

export interface PublishContext {
  store: Blobs;
  now: number;
  settings: PublishingSettings;
  config: PublishingConfig;
  /** Sends the dealer's notice (the shared mail path); null when no e-mail can be sent. */
  notify: ((email: OutgoingEmail) => Promise<SendResult>) | null;
  /** Who gets the notice when data/publishing.json names no one. */
  dealerEmail: string;
  siteName: string;
  hook?: (url: string, title: string) => Promise<BuildHookResult>;
}

/**
 * One run of the publisher. Outside publishing times it reads nothing at all. At a publishing
 * time it deploys what waits: commits the site does not show, and a dated change that is due
 * (so on a day with saves, the date costs no deploy of its own).
 */
export async function publishPending(context: PublishContext): Promise<PublishOutcome> {
  const { store, now, settings } = context;
  const time = duePublishingTime(settings.publishingTimes, now, PUBLISHER_EVERY_MINUTES);
  if (!time) return { action: 'none', reason: 'not a publishing time' };
  const state = await readState(store, now);
  return settle(context, 'publisher', state, await publishWaiting(context, state, time));
}

/**
 * A failed run is kept in the record until a run of the same job gets through (/api/health
 * reports it, docs/operations.md §The alarm); a run that gets through writes only when there is a
 * failure to clear.
 */
async function settle(context: PublishContext, job: PublishingJob, state: PublishingState, outcome: PublishOutcome): Promise<PublishOutcome> {
  const { store, now } = context;
  if (outcome.action === 'failed') await updateState(store, now, (current) => withFailure(current, job, { at: now, reason: outcome.reason }));
  else if (state.failures?.[job]) await updateState(store, now, (current) => withFailure(current, job, null));
  return outcome;
}

async function publishWaiting(context: PublishContext, state: PublishingState, time: string): Promise<PublishOutcome> {
  const { now, config } = context;
  if (state.asks.length > 0) return { action: 'none', reason: 'a deploy is already on its way' };
  const due = datedChangeDue(state, now);
  let saved: string | null = null;
  if (config.github) {
    const head = await branchHead(config.github, config.repository, config.branch);
    if (!head.ok) return { action: 'failed', reason: `the branch's head is unknown: ${head.message}` };
    if (state.deployed?.commit !== head.sha) saved = head.sha;
  } else if (!due) return { action: 'none', reason: 'GITHUB_TOKEN is not set, so what waits cannot be known' };
  if (!saved && !due) return { action: 'none', reason: 'nothing waits: the site shows the branch’s head' };
  const paced = pace(context, state);
  if (paced) return paced;
  const waiting = [
    saved && state.deployed?.commit
      ? `changes saved on ${config.branch} since commit ${state.deployed.commit.slice(0, 7)} (deployed ${new Date(state.deployed.at).toISOString().slice(0, 10)})`
      : saved
        ? `changes saved on ${config.branch}`
        : null,
    due ? datedWaiting(due) : null,
  ]
    .filter(Boolean)
    .join('; ');
  return askForDeploy(context, state, `Publishing time ${time}: ${[saved?.slice(0, 7), due && `dated change of ${due}`].filter(Boolean).join(', ')}`, waiting);
}

/** The day a dated change of the deployed build is due, when it is today or past. */
function datedChangeDue(state: PublishingState, now: number): string | null {
  const due = state.deployed?.nextChange;
  return due && dealerClock(now).day >= due ? due : null;
}

const datedWaiting = (due: string) => `pages that change by date on ${due} (a sold unit's page turning into its redirect)`;

/**
 * One run of the daily rebuild, after the day's last publishing time: a deploy only when a
 * dated change is due and no deploy of the day has carried it yet.
 */
export async function rebuildIfDue(context: PublishContext): Promise<PublishOutcome> {
  const state = await readState(context.store, context.now);
  return settle(context, 'daily-rebuild', state, await rebuildDue(context, state));
}

async function rebuildDue(context: PublishContext, state: PublishingState): Promise<PublishOutcome> {
  const { now } = context;
  if (!state.deployed) return { action: 'none', reason: 'no deploy recorded yet' };
  const next = state.deployed.nextChange;
  if (!next) return { action: 'none', reason: 'no dated change ahead' };
  const due = datedChangeDue(state, now);
  if (!due) return { action: 'none', reason: `the next dated change is due on ${next}` };
  if (state.asks.length > 0) return { action: 'none', reason: 'a deploy is already on its way' };
  return pace(context, state) ?? askForDeploy(context, state, `Dated change of ${due}`, datedWaiting(due));
}

/**
 * The scheduled jobs keep to the month's pace: by day d of a month of n days they have spent at
 * most ⌈budget × d / n⌉ (pacedAllowance). What waits goes with the next deploy the pace allows;
 * a dated change waiting a day or two only keeps a sold unit's page (Sold, noindex) a little
 * longer.
 */
function pace(context: PublishContext, state: PublishingState): PublishOutcome | null {
  const budget = deployBudget(context.settings);
  const spent = deploysSpent(state);
  const allowed = pacedAllowance(budget, context.now);
  return spent < budget && spent >= allowed
    ? { action: 'none', reason: `paced: ${spent} of the month's ${budget} deploys spent, ${allowed} allowed by this day` }
    : null;
}

/** Asks for one deploy unless the month's budget is spent; counts the ask first. */
export async function askForDeploy(context: PublishContext, state: PublishingState, reason: string, waiting: string): Promise<PublishOutcome> {
  const { store, now, settings, config } = context;
  const budget = deployBudget(settings);
  const spent = deploysSpent(state);
  if (spent >= budget) {
    const notified = state.noticeMonth === budgetMonth(now) ? false : await sendNotice(context, spent, budget, waiting);
    return { action: 'held', reason: `the month's ${budget} deploys are spent; waiting: ${waiting}`, spent, budget, notified };
  }
  const ask = { at: now, reason };
  await updateState(store, now, (current) => withAsk(current, ask));
  const answer = await (context.hook ?? callBuildHook)(config.hookUrl, reason);
  if (!answer.ok) {
    await updateState(store, now, (current) => ({ ...current, asks: current.asks.filter((other) => other.at !== ask.at || other.reason !== ask.reason) }));
    return { action: 'failed', reason: answer.reason };
  }
  return { action: 'asked', reason, spent: spent + 1, budget };
}

async function sendNotice(context: PublishContext, spent: number, budget: number, waiting: string): Promise<boolean> {
  const { store, now, settings } = context;
  if (!context.notify) return false;
  const month = budgetMonth(now);
  const email = budgetNotice({ to: settings.notifyEmail ?? context.dealerEmail, month, spent, budget, waiting, siteName: context.siteName }, settings);
  const result = await context.notify(email);
  if (result.status !== 'sent') {
    console.error(`[publish] The deploy budget notice was not sent: ${result.error}`);
    return false;
  }
  await updateState(store, now, (current) => ({ ...current, noticeMonth: month }));
  return true;
}
