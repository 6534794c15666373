import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { CommentView, Page } from '../../../shared/api/content';
import { CONTENT_API } from '../../../shared/api/routes-content';
import { COMMENT_MAX_LENGTH } from '../../../shared/content-limits';
import { formatCount } from '../../../shared/format';
import { useApi } from '../../api/use-api';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { useResume, whenSignedIn } from '../accounts/after-sign-in';
import { addComments, commentCountKey, useCommentCount } from './comment-count';
import { CommentItem, Replies } from './comment-item';
import { LoadMore, usePaged } from './paged';
import type { ViewerTarget } from './viewer';
import './content.css';

type Reply = { parentId: string; replyTo: string };
type Draft = { body: string } & Partial<Reply>;

/**
 * Comments of a model (kind 1) or post (kind 3): the first page comes with the page, newer pages
 * load on scroll; replies are shown under their comment. Text is rendered as text (React escapes
 * it), line breaks kept.
 */
export function Comments(props: { kind: 1 | 3; target: ViewerTarget; first: Page<CommentView>; count: number }) {
  const { kind, target } = props;
  const targetId = target.id;
  const { t } = useTranslation('content');
  const { locale } = useApp();
  const api = useApi();
  const load = useCallback((page: number) => api.call(CONTENT_API.comments, { kind, targetId, page }), [api, kind, targetId]);
  const list = usePaged(props.first, load);
  // All comments, replies included, as the actions row counts them (the list pages top-level ones).
  const countKey = commentCountKey(target);
  const count = useCommentCount(countKey, props.count);
  // The box is uncontrolled: what a visitor typed before this island hydrated stays in it.
  const box = useRef<HTMLTextAreaElement>(null);
  const [length, setLength] = useState(0);
  // Spaces alone are not a comment: Send waits for some text.
  const [blank, setBlank] = useState(true);
  const [reply, setReply] = useState<Reply | null>(null);
  const [sending, setSending] = useState(false);
  const headingId = useId();
  const measure = (body: string) => {
    setLength(body.length);
    setBlank(!body.trim());
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for what was typed before hydration.
  useEffect(() => measure(box.current?.value ?? ''), []);
  const setBody = (body: string) => {
    if (box.current) box.current.value = body;
    measure(body);
  };

  const send = async (d: Draft) => {
    if (box.current && box.current.value !== d.body) setBody(d.body);
    if (d.parentId && d.replyTo) setReply({ parentId: d.parentId, replyTo: d.replyTo });
    setSending(true);
    try {
      const c = await api.call(CONTENT_API.comment, {
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
      addComments(countKey, 1);
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
        {t('comments.title')} <span className="muted">{formatCount(count, locale)}</span>
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
          onInput={(e) => measure(e.currentTarget.value)}
        />
        <div className="comment-form-end">
          <span className="muted small">
            {length}/{COMMENT_MAX_LENGTH}
          </span>
          <button type="submit" className="btn btn-small" disabled={sending || blank} aria-busy={sending}>
            {t('comments.send')}
          </button>
        </div>
      </form>
      {list.items.length === 0 ? <p className="muted">{t('comments.none')}</p> : null}
      <ol className="comment-list">
        {list.items.map((c) => (
          <CommentItem
            key={c.id}
            comment={c}
            target={target}
            onReply={(x) => replyTo(x, c.id)}
            onDeleted={() => {
              list.remove(c.id);
              // Its replies go with it.
              addComments(countKey, -(1 + c.replyCount));
            }}
          >
            <Replies
              comment={c}
              target={target}
              onReply={(x) => replyTo(x, c.id)}
              onDeleted={(r) => {
                list.replace(c.id, (p) => ({ ...p, replyCount: p.replyCount - 1, replies: p.replies.filter((x) => x.id !== r.id) }));
                addComments(countKey, -1);
              }}
            />
          </CommentItem>
        ))}
      </ol>
      <LoadMore hasMore={list.hasMore} busy={list.busy} more={list.more} />
    </section>
  );
}
