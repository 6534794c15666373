import { useState } from 'react';
import type { CommentView } from '../../../shared/api/content';
import { CONTENT_API } from '../../../shared/api/routes-content';
import { formatCount, formatDate } from '../../../shared/format';
import { readCookie } from '../../api/identity';
import { useApi } from '../../api/use-api';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { useResume, whenSignedIn } from '../accounts/after-sign-in';
import { AuthorLine } from './author';
import { useHydrated } from './hydrated';
import { HeartIcon } from './reaction-icons';
import { ReportButton } from './report';
import { updateViewer, useViewer, type ViewerTarget } from './viewer';
import './content.css';

type ItemProps = {
  comment: CommentView;
  target: ViewerTarget;
  onReply: (c: CommentView) => void;
  /** The comment is gone (its author deleted it). */
  onDeleted: (c: CommentView) => void;
};

// Past this, a comment shows its first lines and "Show more": a long one must not push the rest
// of the thread off the screen. Decided from the text, so the server and the browser agree.
const LONG_CHARS = 280;
const LONG_LINES = 6;
const isLong = (body: string) => body.length > LONG_CHARS || body.split('\n').length > LONG_LINES;

export function CommentItem({ comment, target, onReply, onDeleted, children }: ItemProps & { children?: React.ReactNode }) {
  const { t } = useTranslation('content');
  const { locale } = useApp();
  const api = useApi();
  const [likes, setLikes] = useState(comment.likes);
  const liked = useViewer(target).likedComments.includes(comment.id);
  const ready = useHydrated();
  // The session cookie is read in the browser only: the server renders every comment as anyone's.
  const mine = ready && readCookie('userId') === comment.author.id;
  const key = `like:comment:${comment.id}`;
  const like = async (on: boolean) => {
    try {
      const r = await api.call(CONTENT_API.like, { targetKind: 'comment', targetId: comment.id, on });
      setLikes(r.count);
      updateViewer(target, (rel) => ({
        ...rel,
        likedComments: r.on ? [...rel.likedComments, comment.id] : rel.likedComments.filter((x) => x !== comment.id),
      }));
    } catch {}
  };
  useResume<boolean>(key, like);
  return (
    <li className="comment">
      <AuthorLine user={comment.author}>{formatDate(new Date(comment.createdAt).toISOString(), locale)}</AuthorLine>
      <CommentBody body={comment.body} />
      <div className="comment-actions">
        <button
          type="button"
          className="link-button"
          aria-pressed={liked}
          disabled={!ready}
          onClick={() => whenSignedIn(key, !liked, like)}
        >
          <HeartIcon on={liked} /> {t('action.like')} {likes ? formatCount(likes, locale) : ''}
        </button>
        <button type="button" className="link-button" disabled={!ready} onClick={() => onReply(comment)}>
          {t('comments.reply')}
        </button>
        {mine ? <DeleteComment comment={comment} onDeleted={onDeleted} /> : <ReportButton itemType="comment" itemId={comment.id} />}
      </div>
      {children}
    </li>
  );
}

function CommentBody({ body }: { body: string }) {
  const { t } = useTranslation('content');
  const [open, setOpen] = useState(false);
  const long = isLong(body);
  return (
    <>
      <p className={long && !open ? 'pre-line comment-body comment-cut' : 'pre-line comment-body'}>{body}</p>
      {long ? (
        <button type="button" className="link-button small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {t(open ? 'comments.showLess' : 'comments.showMore')}
        </button>
      ) : null}
    </>
  );
}

/** Delete, then a second tap to confirm: the comment and its replies go for good. */
function DeleteComment({ comment, onDeleted }: { comment: CommentView; onDeleted: (c: CommentView) => void }) {
  const { t } = useTranslation('content');
  const api = useApi();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await api.call(CONTENT_API.deleteComment, { commentId: comment.id });
      onDeleted(comment);
    } catch {
      // The client showed why; the comment stays.
      setBusy(false);
    }
  };
  if (!asking) {
    return (
      <button type="button" className="link-button" onClick={() => setAsking(true)}>
        {t('comments.delete')}
      </button>
    );
  }
  return (
    <span className="comment-confirm">
      <span className="small">{t('comments.deleteAsk')}</span>
      <button type="button" className="btn btn-small btn-danger" disabled={busy} aria-busy={busy} onClick={() => void remove()}>
        {t('comments.deleteConfirm')}
      </button>
      <button type="button" className="btn btn-small btn-secondary" disabled={busy} onClick={() => setAsking(false)}>
        {t('comments.cancelReply')}
      </button>
    </span>
  );
}

/** Replies under a comment: the first few come with it, the rest on request. */
export function Replies({ comment, onDeleted, ...rest }: ItemProps) {
  const { t } = useTranslation('content');
  const api = useApi();
  const [all, setAll] = useState<CommentView[] | null>(null);
  // Replies sent on this page are appended to `comment.replies`: keep them once the full list is open.
  const shown = all ? [...all, ...comment.replies.filter((r) => !all.some((a) => a.id === r.id))] : comment.replies;
  if (!shown.length) return null;
  const hidden = comment.replyCount - shown.length;
  const gone = (r: CommentView) => {
    setAll((list) => list?.filter((x) => x.id !== r.id) ?? null);
    onDeleted(r);
  };
  return (
    <div className="replies">
      <ol className="comment-list">
        {shown.map((r) => (
          <CommentItem key={r.id} comment={r} onDeleted={gone} {...rest} />
        ))}
      </ol>
      {hidden > 0 ? (
        <button
          type="button"
          className="link-button small"
          onClick={async () => {
            const page = await api.call(CONTENT_API.replies, { commentId: comment.id, pageSize: 50 }).catch(() => null);
            if (page) setAll(page.list);
          }}
        >
          {t('comments.moreReplies', { count: hidden })}
        </button>
      ) : null}
    </div>
  );
}
