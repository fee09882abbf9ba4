import { useStore } from '@nanostores/react';
import { $signedIn, $user, $view, signOutHere } from '../state.ts';
import NotificationsToggle from './NotificationsToggle.tsx';

/** The inbox's bar: its name and, once signed in, its views, who is signed in (once the API has said), the sign-out and the device's settings. */
export default function Header() {
  const signedIn = useStore($signedIn);
  const view = useStore($view);
  const user = useStore($user);
  const inside = signedIn && view !== null && view !== 'sign-in';
  return (
    <header className="flex flex-wrap items-center gap-x-4 gap-y-1 bg-brand-950 px-4 py-2 text-white">
      <p className="font-bold">Dealer inbox</p>
      {inside && (
        <nav aria-label="Inbox" className="flex flex-wrap gap-4">
          <a href="#/" className="text-white underline underline-offset-2">
            Leads
          </a>
          <a href="#/privacy" className="text-white underline underline-offset-2">
            Privacy requests
          </a>
          <a href="#/export" className="text-white underline underline-offset-2">
            Export
          </a>
        </nav>
      )}
      {inside && (
        <div className="ml-auto flex flex-wrap items-center gap-x-3">
          <p>
            {user && <span>Signed in as {user}</span>}{' '}
            <button type="button" className="cursor-pointer text-white underline underline-offset-2" onClick={signOutHere}>
              Sign out
            </button>
          </p>
          <NotificationsToggle />
        </div>
      )}
    </header>
  );
}
