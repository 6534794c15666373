import { useState } from 'react';
import type { Counts } from '../../../shared/api/content';
import { CONTENT_API } from '../../../shared/api/routes-content';
import { formatCount } from '../../../shared/format';
import { useApi } from '../../api/use-api';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { useResume, whenSignedIn } from '../accounts/after-sign-in';
import { commentCountKey, useCommentCount } from './comment-count';
import { useHydrated } from './hydrated';
import { CommentIcon, HeartIcon, StarIcon } from './reaction-icons';
import { updateViewer, useViewer, type ViewerTarget } from './viewer';
import './content.css';

/**
 * Like and collect buttons of a model or post. A signed-out visitor gets the login sheet and the
 * click is carried out after signing in.
 */
export function ReactionBar(props: { target: ViewerTarget & { kind: 'model' | 'post' }; counts: Counts }) {
  const { target } = props;
  const { kind, id } = target;
  const relation = useViewer(target);
  const ready = useHydrated();
  const { t } = useTranslation('content');
  const { locale } = useApp();
  const api = useApi();
  const [counts, setCounts] = useState(props.counts);
  const comments = useCommentCount(commentCountKey(target), props.counts.comments);
  const [busy, setBusy] = useState<string | null>(null);

  const act = (what: 'like' | 'collect') => async (on: boolean) => {
    setBusy(what);
    try {
      const r = await api.call(CONTENT_API[what], { targetKind: kind, targetId: id, on });
      setCounts((c) => ({ ...c, [what === 'like' ? 'likes' : 'collects']: r.count }));
      updateViewer(target, (rel) => ({ ...rel, [what === 'like' ? 'liked' : 'collected']: r.on }));
    } catch {
      // The client showed why.
    } finally {
      setBusy(null);
    }
  };
  const like = act('like');
  const collect = act('collect');
  useResume<boolean>(`like:${kind}:${id}`, like);
  useResume<boolean>(`collect:${kind}:${id}`, collect);

  return (
    <div className="reactions">
      <button
        type="button"
        className="reaction"
        aria-pressed={relation.liked}
        disabled={!ready || busy === 'like'}
        onClick={() => whenSignedIn(`like:${kind}:${id}`, !relation.liked, like)}
      >
        <span className="reaction-top">
          <HeartIcon on={relation.liked} />
          <span className="reaction-count">{formatCount(counts.likes, locale)}</span>
        </span>
        <span className="reaction-label">{t('action.like')}</span>
      </button>
      <button
        type="button"
        className="reaction"
        aria-pressed={relation.collected}
        disabled={!ready || busy === 'collect'}
        onClick={() => whenSignedIn(`collect:${kind}:${id}`, !relation.collected, collect)}
      >
        <span className="reaction-top">
          <StarIcon on={relation.collected} />
          <span className="reaction-count">{formatCount(counts.collects, locale)}</span>
        </span>
        <span className="reaction-label">{t('action.collect')}</span>
      </button>
      <a className="reaction" href="#comments">
        <span className="reaction-top">
          <CommentIcon />
          <span className="reaction-count">{formatCount(comments, locale)}</span>
        </span>
        <span className="reaction-label">{t('action.comment')}</span>
      </a>
    </div>
  );
}

/**
 * Follow / following for the author of the page target (or the profile itself); `onFans` hears
 * the new number of fans.
 */
export function FollowButton(props: { target: ViewerTarget; userId: string; onFans?: (n: number) => void }) {
  const { t } = useTranslation('content');
  const { following } = useViewer(props.target);
  const ready = useHydrated();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const follow = async (on: boolean) => {
    setBusy(true);
    try {
      const r = await api.call(CONTENT_API.follow, { userId: props.userId, on });
      updateViewer(props.target, (rel) => ({ ...rel, following: r.on }));
      props.onFans?.(r.fans);
    } catch {
      // The client showed why (following oneself, for one).
    } finally {
      setBusy(false);
    }
  };
  useResume<boolean>(`follow:${props.userId}`, follow);
  return (
    <button
      type="button"
      className={following ? 'btn btn-secondary btn-small' : 'btn btn-small'}
      aria-pressed={following}
      disabled={!ready || busy}
      onClick={() => whenSignedIn(`follow:${props.userId}`, !following, follow)}
    >
      {following ? t('action.following') : t('action.follow')}
    </button>
  );
}
