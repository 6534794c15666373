import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type * as contract from '../../../shared/api/content';
import type { CommentView, Page } from '../../../shared/api/content';
import { CONTENT_API } from '../../../shared/api/routes-content';
import { COMMENT_MAX_LENGTH } from '../../../shared/content-limits';
import { formatCount, formatDate } from '../../../shared/format';
import { useApi } from '../../api/use-api';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { useResume, whenSignedIn } from '../accounts/after-sign-in';
import { AuthorLine } from './author';
import { useHydrated } from './hydrated';
import { LoadMore, usePaged } from './paged';
import { HeartIcon } from './reaction-icons';
import { updateViewer, useViewer, type ViewerTarget } from './viewer';

type Reply = { parentId: string; replyTo: string };
type Draft = { body: string } & Partial<Reply>;

/**
 * Comments of a model (kind 1) or post (kind 3): the first page comes with the page, newer pages
 * load on scroll; replies are shown under their comment. Text is rendered as text (React escapes
 * it), line breaks kept.
 */
export function Comments(props: { kind: 1 | 3; target: ViewerTarget; first: Page<CommentView> }) {
  const { kind, target } = props;
  const targetId = target.id;
  const { t } = useTranslation('content');
  const { locale } = useApp();
  const api = useApi();
  const load = useCallback(
    (page: number) => api.call<typeof contract.comments>(CONTENT_API.comments, { kind, targetId, page }),
    [api, kind, targetId],
  );
  const list = usePaged(props.first, load);
  // The box is uncontrolled: what a visitor typed before this island hydrated stays in it.
  const box = useRef<HTMLTextAreaElement>(null);
  const [length, setLength] = useState(0);
  const [reply, setReply] = useState<Reply | null>(null);
  const [sending, setSending] = useState(false);
  const headingId = useId();
  useEffect(() => setLength(box.current?.value.length ?? 0), []);
  const setBody = (body: string) => {
    if (box.current) box.current.value = body;
    setLength(body.length);
  };

  const send = async (d: Draft) => {
    if (box.current && box.current.value !== d.body) setBody(d.body);
    if (d.parentId && d.replyTo) setReply({ parentId: d.parentId, replyTo: d.replyTo });
    setSending(true);
    try {
      const c = await api.call<typeof contract.comment>(CONTENT_API.comment, {
        kind: d.parentId ? kind + 1 : kind,
        targetId,
        body: d.body,
        ...(d.parentId ? { parentId: d.parentId } : {}),
      });
      if (d.parentId) {
        const parentId = d.parentId;
        list.replace(parentId, (p) => ({ ...p, replyCount: p.replyCount + 1, replies: [...p.replies, c] }));
      } else {
        list.prepend(c);
      }
      setBody('');
      setReply(null);
    } catch {
      // Kept in the box; the client showed why.
    } finally {
      setSending(false);
    }
  };
  const resumeKey = `comment:${kind}:${targetId}`;
  useResume<Draft>(resumeKey, send);

  const replyTo = (c: CommentView, parentId: string) => {
    setReply({ parentId, replyTo: c.author.nickname });
    box.current?.focus();
  };

  return (
    <section className="card comments" id="comments" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t('comments.title')} <span className="muted">{formatCount(list.total, locale)}</span>
      </h2>
      <form
        className="comment-form"
        onSubmit={(e) => {
          e.preventDefault();
          const body = box.current?.value ?? '';
          if (body.trim()) whenSignedIn(resumeKey, { body, ...reply }, send);
        }}
      >
        {reply ? (
          <p className="small">
            {t('comments.replyingTo', { name: reply.replyTo })}{' '}
            <button type="button" className="link-button" onClick={() => setReply(null)}>
              {t('comments.cancelReply')}
            </button>
          </p>
        ) : null}
        <label className="visually-hidden" htmlFor={`${headingId}-box`}>
          {t('comments.label')}
        </label>
        <textarea
          id={`${headingId}-box`}
          ref={box}
          rows={3}
          maxLength={COMMENT_MAX_LENGTH}
          placeholder={t('comments.placeholder')}
          onInput={(e) => setLength(e.currentTarget.value.length)}
        />
        <div className="comment-form-end">
          <span className="muted small">
            {length}/{COMMENT_MAX_LENGTH}
          </span>
          <button type="submit" className="btn btn-small" disabled={sending || length === 0} aria-busy={sending}>
            {t('comments.send')}
          </button>
        </div>
      </form>
      {list.items.length === 0 ? <p className="muted">{t('comments.none')}</p> : null}
      <ol className="comment-list">
        {list.items.map((c) => (
          <CommentItem key={c.id} comment={c} target={target} onReply={(x) => replyTo(x, c.id)}>
            <Replies comment={c} target={target} onReply={(x) => replyTo(x, c.id)} />
          </CommentItem>
        ))}
      </ol>
      <LoadMore hasMore={list.hasMore} busy={list.busy} more={list.more} />
    </section>
  );
}

type ItemProps = {
  comment: CommentView;
  target: ViewerTarget;
  onReply: (c: CommentView) => void;
};

function CommentItem({ comment, target, onReply, children }: ItemProps & { children?: React.ReactNode }) {
  const { t } = useTranslation('content');
  const { locale } = useApp();
  const api = useApi();
  const [likes, setLikes] = useState(comment.likes);
  const liked = useViewer(target).likedComments.includes(comment.id);
  const ready = useHydrated();
  const key = `like:comment:${comment.id}`;
  const like = async (on: boolean) => {
    try {
      const r = await api.call<typeof contract.like>(CONTENT_API.like, { targetKind: 'comment', targetId: comment.id, on });
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
      <p className="pre-line comment-body">{comment.body}</p>
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
      </div>
      {children}
    </li>
  );
}

/** Replies under a comment: the first few come with it, the rest on request. */
function Replies({ comment, ...rest }: ItemProps) {
  const { t } = useTranslation('content');
  const api = useApi();
  const [all, setAll] = useState<CommentView[] | null>(null);
  // Replies sent on this page are appended to `comment.replies`: keep them once the full list is open.
  const shown = all ? [...all, ...comment.replies.filter((r) => !all.some((a) => a.id === r.id))] : comment.replies;
  if (!shown.length) return null;
  const hidden = comment.replyCount - shown.length;
  return (
    <div className="replies">
      <ol className="comment-list">
        {shown.map((r) => (
          <CommentItem key={r.id} comment={r} {...rest} />
        ))}
      </ol>
      {hidden > 0 ? (
        <button
          type="button"
          className="link-button small"
          onClick={async () => {
            const page = await api
              .call<typeof contract.replies>(CONTENT_API.replies, { commentId: comment.id, pageSize: 50 })
              .catch(() => null);
            if (page) setAll(page.list);
          }}
        >
          {t('comments.moreReplies', { count: hidden })}
        </button>
      ) : null}
    </div>
  );
}
