import { useStore } from '@nanostores/react';
import { useEffect, useRef, type MouseEvent } from 'react';
import { $message, $view, start } from '../state.ts';
import ExportView from './ExportView.tsx';
import Header from './Header.tsx';
import LeadList from './LeadList.tsx';
import LeadView from './LeadView.tsx';
import PrivacyView from './PrivacyView.tsx';
import SignIn from './SignIn.tsx';

/**
 * The dealer's inbox (src/pages/admin/leads.astro, docs/operations.md §The dealer's inbox): every
 * view stays in the page, hidden but for the one on screen, so what was typed in a form is still
 * there when the dealer comes back to it; the one status line says what happened.
 */
export default function Inbox() {
  const view = useStore($view);
  const message = useStore($message);
  const main = useRef<HTMLElement>(null);
  useEffect(() => start(), []);

  // The skip link moves the focus without touching the address: its hash names the view.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    main.current?.focus();
  };

  return (
    <>
      <a href="#main" onClick={skip} className="absolute -left-[999px] z-10 bg-white p-2 text-brand-800 focus:top-2 focus:left-2">
        Skip to content
      </a>
      <Header />
      <main id="main" ref={main} tabIndex={-1} className="mx-auto max-w-5xl px-4 pt-2 pb-12 focus:outline-none">
        {/* Empty, the status line takes no room but stays in the page: a live region must be there before it speaks. */}
        <p role="status" aria-live="polite" className="my-2 rounded-lg border border-amber-500 bg-amber-50 px-3 py-2 empty:my-0 empty:border-0 empty:p-0">
          {message}
        </p>
        <SignIn hidden={view !== 'sign-in'} />
        <LeadList hidden={view !== 'list'} />
        <LeadView hidden={view !== 'lead'} />
        <PrivacyView hidden={view !== 'privacy'} />
        <ExportView hidden={view !== 'export'} />
      </main>
    </>
  );
}
