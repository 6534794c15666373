import { useEffect, useSyncExternalStore } from 'react';

/** Toast duration 5000 ms. */
export const TOAST_MS = 5000;

interface ToastState {
  id: number;
  message: string;
}

let state: ToastState | null = null;
let seq = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Shows a message at the bottom of the screen; callable outside React (the API client). */
export function showToast(message: string): void {
  state = { id: ++seq, message };
  emit();
}

export function ToastHost() {
  const current = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => null,
  );
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => {
      if (state?.id === current.id) {
        state = null;
        emit();
      }
    }, TOAST_MS);
    return () => clearTimeout(timer);
  }, [current]);
  return (
    <div className="toast-host" role="status" aria-live="polite">
      {current ? (
        <div className="toast" key={current.id}>
          {current.message}
        </div>
      ) : null}
    </div>
  );
}
