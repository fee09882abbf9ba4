import { useEffect, useState } from 'react';
import { pushState, turnPushOff, turnPushOn, type PushState } from '../push-client.ts';
import { say } from '../state.ts';

/**
 * The switch for notifications of new leads on this device, in the inbox's header beside the
 * sign-out (docs/product.md §Inbox on a phone): a notification opens its lead at
 * `/admin/leads#/lead/<id>`. A browser that cannot show them gets no switch; blocked ones say
 * how to allow them.
 */
export default function NotificationsToggle() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void pushState().then(setState, () => setState('unsupported'));
  }, []);
  if (state === null || state === 'unsupported') return null;

  const on = state === 'on';
  const toggle = async () => {
    setBusy(true);
    try {
      if (on) await turnPushOff();
      else await turnPushOn();
      const now = await pushState();
      setState(now);
      say(now === 'on' ? 'Notifications of new leads are on for this device.' : 'Notifications are off for this device.');
    } catch (error) {
      say(error instanceof Error ? error.message : 'Notifications could not be changed. Try again.');
      setState(await pushState().catch((): PushState => 'off'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="cursor-pointer text-white underline underline-offset-2 disabled:cursor-wait disabled:opacity-75"
      aria-pressed={on}
      disabled={busy}
      onClick={() => void toggle()}
    >
      {state === 'denied' ? 'Notifications blocked' : 'Notify me of new leads'}
    </button>
  );
}
