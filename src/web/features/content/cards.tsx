import { Link } from 'react-router';
import type { CircleCard, ModelCard, PostCard } from '../../../shared/api/content';
import { formatCount, formatDate } from '../../../shared/format';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { contentPaths } from './content-paths';
import './lists.css';

export function PostCardView({ post, owner = false }: { post: PostCard; owner?: boolean }) {
  const { t } = useTranslation('content');
  const { locale } = useApp();
  return (
    <li className="post-card">
      <Link to={contentPaths.post(post.id)} className="post-card-link">
        {post.imageUrl ? <img src={post.imageUrl} alt="" width={160} height={120} loading="lazy" /> : null}
        <div>
          {post.title ? <strong>{post.title}</strong> : null}
          <p className="post-excerpt">{post.excerpt}</p>
        </div>
      </Link>
      <p className="muted small">
        {post.author.nickname}
        {post.authorKind === 2 ? <span className="badge">{t('post.official')}</span> : null}
        {owner ? <span className="badge">{t('circle.owner')}</span> : null}
        {' · '}
        {formatDate(new Date(post.createdAt).toISOString(), locale)}
        {' · '}
        {t('counts.likes', { count: post.counts.likes, n: formatCount(post.counts.likes, locale) })}
        {' · '}
        {t('counts.comments', { count: post.counts.comments, n: formatCount(post.counts.comments, locale) })}
      </p>
    </li>
  );
}

/** A model's tile, linking to its page (or to `to`: the free-model funnel's download step). */
export function ModelCardView({ model, to }: { model: ModelCard; to?: string }) {
  const { t } = useTranslation('content');
  const { locale } = useApp();
  return (
    <li className="tile-card">
      <Link to={to ?? contentPaths.model(model.id)}>
        {model.imageUrl ? <img src={model.imageUrl} alt="" width={320} height={240} loading="lazy" /> : <span className="tile-blank" />}
        <strong>{model.title}</strong>
      </Link>
      <span className="muted small">
        {t('counts.likes', { count: model.likes, n: formatCount(model.likes, locale) })} ·{' '}
        {t('counts.downloads', { count: model.downloads, n: formatCount(model.downloads, locale) })}
      </span>
    </li>
  );
}

export function CircleCardView({ circle }: { circle: CircleCard }) {
  const { t } = useTranslation('content');
  const { locale } = useApp();
  return (
    <li className="tile-card">
      <Link to={contentPaths.circle(circle.id)}>
        {circle.coverUrl ? <img src={circle.coverUrl} alt="" width={320} height={240} loading="lazy" /> : <span className="tile-blank" />}
        <strong>{circle.name}</strong>
      </Link>
      <span className="muted small">
        {t('counts.members', { count: circle.memberCount, n: formatCount(circle.memberCount, locale) })} ·{' '}
        {t('counts.posts', { count: circle.postCount, n: formatCount(circle.postCount, locale) })}
      </span>
    </li>
  );
}
