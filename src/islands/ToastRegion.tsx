import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $toast, dismissToast, TOAST_DURATION_MS } from '../state/toast.ts';

/** Shows the one current toast, announces it to screen readers and hides it after 5 s. */
export default function ToastRegion() {
  const toast = useStore($toast);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const destructive = toast?.variant === 'destructive';
  return (
    <div
      role="region"
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex justify-center p-4 sm:inset-x-auto sm:right-0 sm:justify-end"
    >
      <div aria-live={destructive ? 'assertive' : 'polite'} aria-atomic="true" className="w-full max-w-[420px]">
        {toast && (
          <div
            key={toast.id}
            role={destructive ? 'alert' : 'status'}
            data-variant={toast.variant}
            className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg ${
              destructive ? 'border-red-800 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900'
            }`}
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{toast.title}</p>
              {toast.description && <p className="mt-1 text-sm">{toast.description}</p>}
            </div>
            <button
              type="button"
              onClick={() => dismissToast(toast.id)}
              className="-m-1 rounded p-1 text-current hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
              aria-label="Dismiss notification"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M5 5l10 10M15 5L5 15" />
              </svg>
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
