import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../shared/api/content';
import { requireUser } from '../accounts/auth';
import { endpoint } from '../http/envelope';
import { addComment, deleteComment } from './comments';
import { relationOf, setFollow, setReaction } from './reactions';

/**
 * The content API: lists behind "load more" (public, like the pages), and the signed-in visitor's
 * comments, likes, collects and follows. Every write empties the page cache so the next visitor
 * sees the new count or comment.
 */
export function registerContentRoutes(app: FastifyInstance) {
  const { db } = app;
  const { content, accounts, pageCache } = app.services;
  const user = async (request: FastifyRequest) => (await requireUser(accounts, request)).userId;
  const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
  const written = <T>(result: T) => {
    pageCache.clear();
    return result;
  };

  endpoint(app, contract.comments, (q) => content.comments(q));
  endpoint(app, contract.replies, (q) => content.replies(q));
  endpoint(app, contract.models, (q) => content.models(q));
  endpoint(app, contract.posts, (q) => content.posts(q));
  endpoint(app, contract.circles, (q) => content.circles(q));
  endpoint(app, contract.timelapses, (q) => content.timelapses(q));

  endpoint(
    app,
    contract.comment,
    async (input, request) => written(await addComment(db, await user(request), input, request.ctx.requestId)),
    perIp(30),
  );
  endpoint(app, contract.deleteComment, async (input, request) => written(await deleteComment(db, await user(request), input.commentId)));
  // Like and collect: the same state-setting call on their own tables.
  for (const [c, table] of [
    [contract.like, 'likes'],
    [contract.collect, 'collects'],
  ] as const) {
    endpoint(
      app,
      c,
      async (input, request) =>
        written(await setReaction(db, table, await user(request), { kind: input.targetKind, id: input.targetId }, input.on)),
      perIp(120),
    );
  }
  endpoint(
    app,
    contract.follow,
    async (input, request) => written(await setFollow(db.kysely, await user(request), input.userId, input.on)),
    perIp(60),
  );
  endpoint(app, contract.relation, async (input, request) =>
    relationOf(
      db.kysely,
      await user(request),
      { kind: input.targetKind, id: input.targetId },
      (input.commentIds ?? '').split(',').filter(Boolean).map(Number),
    ),
  );
}
