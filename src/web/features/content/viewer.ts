import { useEffect, useSyncExternalStore } from 'react';
import { CONTENT_API } from '../../../shared/api/routes-content';
import { useApi } from '../../api/use-api';
import { useSignedIn } from '../accounts/login-store';

/** The signed-in visitor's own state on a page: likes, collect, following the author, liked comments. */
export interface Relation {
  liked: boolean;
  collected: boolean;
  following: boolean;
  likedComments: string[];
}

/** What a page is about, for the relation call: `{ kind: 'model', id, commentIds }`. */
export interface ViewerTarget {
  kind: 'model' | 'post' | 'user';
  id: string;
  /** Comments shown with the page, whose likes by the visitor are asked for too. */
  commentIds?: string[];
}

const NONE: Relation = { liked: false, collected: false, following: false, likedComments: [] };

// One state per page target, shared by the page's islands (reactions, follow, comments), which
// load as separate chunks; only imported by them, so it is not part of the first load.
const states = new Map<string, Relation>();
const asked = new Set<string>();
/** Local changes per target: an answer asked for before the visitor's own click must not undo it. */
const edits = new Map<string, number>();
const listeners = new Set<() => void>();
const keyOf = (t: ViewerTarget) => `${t.kind}:${t.id}`;

export function updateViewer(t: ViewerTarget, f: (r: Relation) => Relation, fromServer = false) {
  if (!fromServer) edits.set(keyOf(t), (edits.get(keyOf(t)) ?? 0) + 1);
  states.set(keyOf(t), f(states.get(keyOf(t)) ?? NONE));
  for (const l of listeners) l();
}

/**
 * The visitor's relation to the page target, asked once after hydration (pages are cached for
 * everyone, so it is not in the HTML) and again after signing in; signed out it is "none".
 */
export function useViewer(t: ViewerTarget): Relation {
  const api = useApi();
  const signedIn = useSignedIn();
  const key = keyOf(t);
  const relation = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => (signedIn ? (states.get(key) ?? NONE) : NONE),
    () => NONE,
  );
  useEffect(() => {
    if (!signedIn) {
      asked.delete(key);
      states.delete(key);
      return;
    }
    if (asked.has(key)) return;
    asked.add(key);
    const ids = (t.commentIds ?? []).slice(0, 100).join(',');
    const ask = (attempt: number) => {
      const editsBefore = edits.get(key) ?? 0;
      api
        .call(CONTENT_API.relation, { targetKind: t.kind, targetId: t.id, ...(ids ? { commentIds: ids } : {}) }, { quiet: true })
        .then((r) => {
          // The visitor clicked meanwhile (an action resumed after signing in): this answer may
          // predate it, so ask again rather than undo the click.
          if ((edits.get(key) ?? 0) === editsBefore) updateViewer(t, () => r, true);
          else if (attempt < 2) ask(attempt + 1);
        })
        .catch(() => asked.delete(key));
    };
    ask(0);
  }, [api, signedIn, key, t]);
  return relation;
}
