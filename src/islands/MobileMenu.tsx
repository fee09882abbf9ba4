import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import menu from 'island-data:menu';
import { isActive } from '../lib/routing/navigation.ts';

/**
 * The small-screen navigation: a right-side panel. While it is open the rest of the page is
 * inert; Escape or the close button shuts it and focus returns to the menu button. Its links and
 * number come with its script (island data), not in every page's markup: the panel shows only
 * once opened (docs/decisions/first-flight-pages.md).
 */
export default function MobileMenu() {
  const { links, phone } = menu;
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = `${panelId}-title`;

  useEffect(() => {
    if (!open) return;
    const portal = panelRef.current?.closest('[data-menu-portal]');
    const outside = Array.from(document.body.children).filter((el) => el !== portal && !el.hasAttribute('inert'));
    for (const el of outside) el.setAttribute('inert', '');
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // Focus the current page's link, else the first link, so Tab continues down the list.
    const panel = panelRef.current;
    (panel?.querySelector<HTMLElement>('[aria-current="page"]') ?? panel?.querySelector<HTMLElement>('nav a'))?.focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onResize = () => {
      if (window.matchMedia('(min-width: 768px)').matches) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('resize', onResize);
    return () => {
      for (const el of outside) el.removeAttribute('inert');
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', onResize);
      buttonRef.current?.focus();
    };
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="inline-flex size-11 items-center justify-center rounded-lg text-slate-900 hover:bg-slate-100 md:hidden noscript:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Open menu"
        onClick={() => setOpen(true)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      {open &&
        createPortal(
          <div data-menu-portal="" className="fixed inset-0 z-50 md:hidden">
            <div className="absolute inset-0 bg-slate-950/60" aria-hidden="true" onClick={() => setOpen(false)} />
            <div
              ref={panelRef}
              id={panelId}
              role="dialog"
              aria-modal="true"
              aria-labelledby={titleId}
              className="absolute inset-y-0 right-0 flex w-[min(20rem,85vw)] animate-slide-in flex-col bg-white shadow-2xl"
            >
              <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
                <h2 id={titleId} className="text-lg font-bold">
                  Menu
                </h2>
                <button
                  type="button"
                  className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100"
                  aria-label="Close menu"
                  onClick={() => setOpen(false)}
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </button>
              </div>
              <nav aria-label="Main" className="flex-1 overflow-y-auto p-2">
                <ul>
                  {links.map((link) => {
                    // The panel only renders in the browser, after a tap: the address is the page's own.
                    const current = isActive(link, window.location.pathname);
                    return (
                      <li key={link.href}>
                        <a
                          href={link.href}
                          aria-current={current ? 'page' : undefined}
                          onClick={() => setOpen(false)}
                          className={`block rounded-lg px-4 py-3 text-lg font-medium ${current ? 'bg-brand-50 text-brand-900' : 'text-slate-800 hover:bg-slate-100'}`}
                        >
                          {link.label}
                        </a>
                      </li>
                    );
                  })}
                </ul>
              </nav>
              <div className="border-t border-slate-200 p-4">
                <a href={phone.href} className="btn btn-primary w-full">
                  Call Now {phone.display}
                </a>
              </div>
            </div>
          </div>,
          document.body,
        )}
    </>
  );
}
