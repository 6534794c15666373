import { useCallback } from 'react';
import type { Page, PostCard } from '../../../shared/api/content';
import { CONTENT_API } from '../../../shared/api/routes-content';
import { useLazyApi } from '../../api/lazy-api';
import { useTranslation } from '../../i18n/react';
import { PostCardView } from './cards';
import { LoadMore, usePaged } from './paged';
import './lists.css';

type Scope = { circleId: string } | { topicId: string } | { userId: string };

/** Posts of a circle, topic or profile with the filters the page was rendered with; more on scroll. */
export function PostList(props: {
  scope: Scope;
  filters: { contentFilter: number; authorFilter: number };
  first: Page<PostCard>;
  /** The circle's owner: their posts carry the owner badge. */
  ownerId?: string;
}) {
  const { scope, filters, first, ownerId } = props;
  const { t } = useTranslation('content');
  // Only "load more" calls the API: the client loads with the second page, not the first.
  const api = useLazyApi();
  // The list is keyed by scope and filters; the query string stands for both.
  const query = JSON.stringify({ ...scope, ...filters });
  const load = useCallback(async (page: number) => (await api()).call(CONTENT_API.posts, { ...JSON.parse(query), page }), [api, query]);
  const list = usePaged(first, load);
  if (!list.items.length) return <p className="muted center">{t('posts.none')}</p>;
  return (
    <>
      <ul className="post-list">
        {list.items.map((p) => (
          <PostCardView key={p.id} post={p} owner={p.author.id === ownerId} />
        ))}
      </ul>
      <LoadMore hasMore={list.hasMore} busy={list.busy} more={list.more} />
    </>
  );
}
