import type { Store as NetlifyBlobs } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import { retryPending } from '../../functions/retry-leads.ts';
import sendAlerts from '../../functions/send-alerts.ts';
import { scheduledInvocation } from '../../functions/lib/http/guards.ts';
import { alertKeys, hasAlertWork } from '../../functions/lib/alerts/blobs.ts';
import { alertBlobs } from './alerts-harness.ts';
import { functionSandbox } from '../support/sandbox.ts';

/**
 * A scheduled run with nothing to do costs one read of the store (docs/operations.md §What the
 * site costs to run): the jobs run every few minutes all month, so their idle run is most of
 * their bill.
 */

const { blobs } = functionSandbox({ mailbox: true });

/** A store that records what a run asks of it. */
function counting(target: NetlifyBlobs): { store: NetlifyBlobs; calls: string[] } {
  const calls: string[] = [];
  const store = new Proxy(target, {
    get(object, name, receiver) {
      const value = Reflect.get(object, name, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(name));
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });
  return { store, calls };
}

describe('idle scheduled runs', () => {
  it('retry-leads with no lead pending lists the store once', async () => {
    const { store, calls } = counting(blobs.store);
    expect(await retryPending(store)).toEqual({ pending: 0 });
    expect(calls).toEqual(['list']);
  });

  it('send-alerts with nothing queued and no change to match lists the store once, and works when something waits', async () => {
    const { store, calls } = counting(alertBlobs());
    expect(await hasAlertWork(store)).toBe(false);
    expect(calls).toEqual(['list']);
    expect(await (await sendAlerts(scheduledInvocation())).json()).toEqual({ queued: 0, matched: 0 });
    // A marker left by a change set that is gone: one busy run clears it, the next is idle again.
    await alertBlobs().set(alertKeys.open('changes/2026-12-01T00-00-00-000Z-abc'), '');
    expect(await hasAlertWork(alertBlobs())).toBe(true);
    expect(await (await sendAlerts(scheduledInvocation())).json()).toMatchObject({ queued: 0, matched: 0 });
    // (The local sandbox keeps an emptied folder on disk, so its listing of folders would still
    // name it; Netlify's store has no folders but the keys' own.)
    expect((await alertBlobs().list({ prefix: 'open/' })).blobs).toEqual([]);
    await alertBlobs().setJSON(alertKeys.alertMail(Date.now(), 'somebody'), { attempts: 0 });
    expect(await hasAlertWork(alertBlobs())).toBe(true);
  });
});
