import { Link } from 'react-router';
import type { CircleCard, ModelCard, PostCard, TimelapseCard, UserCard } from '../../../shared/api/content';
import { formatCount, formatDate } from '../../../shared/format';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { contentPaths } from './content-paths';

/** A round avatar: the picture, or the first letter of the nickname on a tint. */
export function Avatar({ user, size = 'm' }: { user: UserCard; size?: 's' | 'm' | 'l' }) {
  const initial = [...user.nickname.trim()][0]?.toUpperCase() ?? '?';
  return user.avatarUrl ? (
    <img className={`avatar avatar-${size}`} src={user.avatarUrl} alt="" width={48} height={48} loading="lazy" />
  ) : (
    <span className={`avatar avatar-${size}`} aria-hidden="true">
      {initial}
    </span>
  );
}

/** Author line: avatar, nickname linking to the profile, and what follows (date, badge). */
export function AuthorLine({ user, children }: { user: UserCard; children?: React.ReactNode }) {
  return (
    <div className="author-line">
      <Avatar user={user} />
      <div>
        <Link className="author-name" to={contentPaths.profile(user.id)}>
          {user.nickname}
        </Link>
        {children ? <div className="muted small">{children}</div> : null}
      </div>
    </div>
  );
}

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

export function ModelCardView({ model }: { model: ModelCard }) {
  const { t } = useTranslation('content');
  const { locale } = useApp();
  return (
    <li className="tile-card">
      <Link to={contentPaths.model(model.id)}>
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

/** "1 h 24 min" / "35 min" / "40 s". */
export function useDuration() {
  const { t } = useTranslation('content');
  return (seconds: number) => {
    const h = Math.floor(seconds / 3600);
    const m = Math.round((seconds % 3600) / 60);
    if (h) return t('duration.hm', { h, m });
    return m ? t('duration.m', { m }) : t('duration.s', { s: seconds });
  };
}

export function TimelapseCardView({ item }: { item: TimelapseCard }) {
  const { locale } = useApp();
  const duration = useDuration();
  return (
    <li className="tile-card">
      <Link to={contentPaths.timelapse(item.id)}>
        {item.posterUrl ? <img src={item.posterUrl} alt="" width={320} height={240} loading="lazy" /> : <span className="tile-blank" />}
        <strong>{item.model?.title ?? item.printer}</strong>
      </Link>
      <span className="muted small">
        {[item.printer, duration(item.durationSeconds), formatDate(new Date(item.createdAt).toISOString(), locale)]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </li>
  );
}
