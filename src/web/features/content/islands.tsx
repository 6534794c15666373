import { type ComponentProps, lazy, Suspense } from 'react';
import './content.css';

/**
 * The interactive parts of the share pages (reactions, follow, comments) as lazy chunks: the
 * server renders them into the first HTML as usual, and the browser hydrates them once their
 * chunk arrives, so the code a page needs before it is usable stays within the first-load
 * budget. Until then the server's markup stays on screen (React keeps a dehydrated boundary).
 */
const Reactions = lazy(() => import('./reactions').then((m) => ({ default: m.ReactionBar })));
const Follow = lazy(() => import('./reactions').then((m) => ({ default: m.FollowButton })));
const Preview = lazy(() => import('./model-preview').then((m) => ({ default: m.ModelPreview })));
const CommentsPart = lazy(() => import('./comments').then((m) => ({ default: m.Comments })));
const Toolpath = lazy(() => import('./toolpath-preview').then((m) => ({ default: m.ToolpathPreview })));

export const ReactionBar = (p: ComponentProps<typeof Reactions>) => (
  <Suspense fallback={<div className="reactions" />}>
    <Reactions {...p} />
  </Suspense>
);

export const FollowButton = (p: ComponentProps<typeof Follow>) => (
  <Suspense fallback={null}>
    <Follow {...p} />
  </Suspense>
);

export const Comments = (p: ComponentProps<typeof CommentsPart>) => (
  <Suspense fallback={<section className="card comments" id="comments" />}>
    <CommentsPart {...p} />
  </Suspense>
);

/** "View in 3D" (its click, made before the chunk arrived, is replayed once it has hydrated). */
export const ModelPreview = (p: ComponentProps<typeof Preview>) => (
  <Suspense fallback={null}>
    <Preview {...p} />
  </Suspense>
);

/** "Show the toolpath" on the slice page (its viewer is a further chunk, fetched on the click). */
export const ToolpathPreview = (p: ComponentProps<typeof Toolpath>) => (
  <Suspense fallback={null}>
    <Toolpath {...p} />
  </Suspense>
);
