import { Link } from 'react-router';
import type { UserCard } from '../../../shared/api/content';
import { contentPaths } from './content-paths';
import './content.css';

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
