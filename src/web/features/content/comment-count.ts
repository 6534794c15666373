import { useSyncExternalStore } from 'react';

/**
 * How many comments a model or post has, replies included: the number the actions row ("Comment")
 * and the comments' heading both show. They are separate islands, so the count lives here and a
 * comment sent or deleted in one moves the other. Starts from the page's count (the server's).
 */
const changes = new Map<string, number>();
const listeners = new Set<() => void>();

/** Comments added (or removed, negative) on this page since it loaded. */
export function addComments(key: string, delta: number) {
  changes.set(key, (changes.get(key) ?? 0) + delta);
  for (const l of listeners) l();
}

export function useCommentCount(key: string, fromPage: number): number {
  const delta = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => changes.get(key) ?? 0,
    () => 0,
  );
  return Math.max(0, fromPage + delta);
}

export const commentCountKey = (t: { kind: string; id: string }) => `${t.kind}:${t.id}`;
