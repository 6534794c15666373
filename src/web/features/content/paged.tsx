import { useCallback, useEffect, useRef, useState } from 'react';
import type { Page } from '../../../shared/api/content';
import { useTranslation } from '../../i18n/react';
import './content.css';

/**
 * A list that starts with the page the server rendered and grows by "load more": when the end of
 * the list scrolls into view, or on the button (keyboards, and browsers without
 * IntersectionObserver). Items already shown are not repeated when new ones arrived meanwhile.
 */
export function usePaged<T extends { id: string }>(first: Page<T>, load: (page: number) => Promise<Page<T>>) {
  const [state, setState] = useState({ items: first.list, page: first.page, hasMore: first.hasMore, total: first.total });
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const more = useCallback(async () => {
    if (inFlight.current || !state.hasMore) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const next = await load(state.page + 1);
      setState((s) => {
        const seen = new Set(s.items.map((i) => i.id));
        return {
          items: [...s.items, ...next.list.filter((i) => !seen.has(i.id))],
          page: next.page,
          hasMore: next.hasMore,
          total: next.total,
        };
      });
    } catch {
      // The client showed the error; the button stays for another try.
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, [load, state.hasMore, state.page]);
  /** Puts a new item (the visitor's own comment) at the top. */
  const prepend = useCallback((item: T) => setState((s) => ({ ...s, items: [item, ...s.items], total: s.total + 1 })), []);
  const replace = useCallback(
    (id: string, f: (item: T) => T | null) =>
      setState((s) => ({ ...s, items: s.items.flatMap((i) => (i.id === id ? (f(i) ?? []) : [i])) })),
    [],
  );
  /** Takes an item out (the visitor deleted their comment). */
  const remove = useCallback(
    (id: string) => setState((s) => ({ ...s, items: s.items.filter((i) => i.id !== id), total: Math.max(0, s.total - 1) })),
    [],
  );
  return { ...state, busy, more, prepend, replace, remove };
}

/** The end of a paged list: loads the next page when it comes into view; a button otherwise. */
export function LoadMore({ hasMore, busy, more }: { hasMore: boolean; busy: boolean; more: () => void }) {
  const { t } = useTranslation('content');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more(), { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, more]);
  if (!hasMore) return null;
  return (
    <div ref={ref} className="load-more">
      <button type="button" className="btn btn-secondary" onClick={more} disabled={busy} aria-busy={busy}>
        {busy ? t('list.loading') : t('list.more')}
      </button>
    </div>
  );
}
