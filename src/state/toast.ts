import { atom } from 'nanostores';

export type ToastVariant = 'default' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

/** How long a toast stays up (docs/product.md §Inquiry). */
export const TOAST_DURATION_MS = 5000;

/** The toast on screen; one at a time, a new one replaces the old (docs/product.md §Inquiry). */
export const $toast = atom<Toast | null>(null);

let nextId = 1;

export function showToast(toast: { title: string; description?: string; variant?: ToastVariant }): number {
  const id = nextId++;
  $toast.set({ id, title: toast.title, description: toast.description, variant: toast.variant ?? 'default' });
  return id;
}

/** Dismisses the toast with this id (or the current one); a newer toast is left alone. */
export function dismissToast(id?: number): void {
  const current = $toast.get();
  if (current && (id === undefined || current.id === id)) $toast.set(null);
}
