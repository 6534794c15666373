/**
 * Shared content: lists behind "load more", comments, and the signed-in visitor's reactions. In a
 * module of their own: only the share pages' islands load them (routes.ts is part of every page's
 * first load).
 */
export const CONTENT_API = {
  comments: { method: 'GET', path: '/api/cxy/v2/content/comments' },
  replies: { method: 'GET', path: '/api/cxy/v2/content/replies' },
  comment: { method: 'POST', path: '/api/cxy/v2/content/comment' },
  deleteComment: { method: 'POST', path: '/api/cxy/v2/content/comment/delete' },
  like: { method: 'POST', path: '/api/cxy/v2/content/like' },
  collect: { method: 'POST', path: '/api/cxy/v2/content/collect' },
  follow: { method: 'POST', path: '/api/cxy/v2/content/follow' },
  relation: { method: 'GET', path: '/api/cxy/v2/content/relation' },
  models: { method: 'GET', path: '/api/cxy/v2/content/models' },
  posts: { method: 'GET', path: '/api/cxy/v2/content/posts' },
  circles: { method: 'GET', path: '/api/cxy/v2/content/circles' },
  timelapses: { method: 'GET', path: '/api/cxy/v2/content/timelapses' },
} as const;
