import { Link } from 'react-router';
import { type CommentView, type Page, type PostView, ZBlogId } from '../../../shared/api/content';
import { formatDate } from '../../../shared/format';
import type { Locale } from '../../../shared/i18n';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { PeopleIcon } from '../../ui/icons';
import type { Route } from './+types/post-details';
import { AuthorLine } from './author';
import { absolute, excerptOf, found, missing } from './content-loader';
import { contentMeta } from './content-meta';
import { ContentNotFound } from './content-not-found';
import { contentPaths } from './content-paths';
import { Comments, FollowButton, ReactionBar } from './islands';
import { MediaPlayer } from './media-player';
import { OpenInAppBar } from './open-in-app';
import { ReportButton } from './report';
import './content.css';
import './lists.css';

/** A shared post (`/creality-cloud/share-content/:blogId`): text, images or video, topics, comments. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['content']);
  const parsed = ZBlogId.safeParse(params);
  const { content } = context.services;
  const post = parsed.success ? await content.post(parsed.data.blogId) : null;
  if (!post) return missing(base, 'post');
  const comments = await content.comments({ kind: 3, targetId: Number(post.id), page: 1, pageSize: 10 });
  const image = absolute(base, post.images[0]?.url ?? post.video?.posterUrl);
  const title = post.title || excerptOf(post.body).slice(0, 60);
  return found(
    base,
    post,
    { title, description: excerptOf(post.body), type: 'article', ...(image ? { image } : {}) },
    { comments },
    {
      '@context': 'https://schema.org',
      '@type': 'SocialMediaPosting',
      headline: title,
      articleBody: post.body,
      url: base.canonical,
      datePublished: new Date(post.createdAt).toISOString(),
      author: { '@type': post.authorKind === 2 ? 'Organization' : 'Person', name: post.author.nickname },
      ...(image ? { image } : {}),
      interactionStatistic: [
        { '@type': 'InteractionCounter', interactionType: 'https://schema.org/LikeAction', userInteractionCount: post.counts.likes },
        { '@type': 'InteractionCounter', interactionType: 'https://schema.org/CommentAction', userInteractionCount: post.counts.comments },
      ],
    },
  );
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = contentMeta;

export default function PostDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('content');
  const post = loaderData.item;
  if (!post || !('comments' in loaderData)) return <ContentNotFound icon={<PeopleIcon />} title={t('notFound.post')} />;
  return <Post post={post} comments={loaderData.comments} locale={loaderData.locale} />;
}

function Post({ post, comments, locale }: { post: PostView; comments: Page<CommentView>; locale: Locale }) {
  const { t } = useTranslation('content');
  // What the islands ask the visitor's relation about: this post and the comments shown with it.
  const target = { kind: 'post' as const, id: post.id, commentIds: comments.list.flatMap((c) => [c.id, ...c.replies.map((r) => r.id)]) };
  return (
    <article className="post">
      <section className="card">
        <div className="author-row">
          <AuthorLine user={post.author}>
            {post.authorKind === 2 ? <span className="badge">{t('post.official')}</span> : null}
            {formatDate(new Date(post.createdAt).toISOString(), locale)}
            {post.circle ? (
              <>
                {' · '}
                <Link to={contentPaths.circle(post.circle.id)}>{post.circle.name}</Link>
              </>
            ) : null}
          </AuthorLine>
          <FollowButton target={target} userId={post.author.id} />
        </div>
        {post.title ? <h1>{post.title}</h1> : <h1 className="visually-hidden">{t('post.by', { name: post.author.nickname })}</h1>}
        <p className="pre-line">{post.body}</p>
        {post.video ? <MediaPlayer media={post.video} posterUrl={post.video.posterUrl} label={post.title || t('post.video')} /> : null}
        {post.images.length ? (
          <div className="post-images">
            {post.images.map((img, i) => (
              <img
                key={img.url}
                src={img.url}
                alt={t('post.image', { n: i + 1 })}
                width={800}
                height={600}
                loading={i === 0 ? 'eager' : 'lazy'}
              />
            ))}
          </div>
        ) : null}
        {post.topics.length ? (
          <ul className="chips" aria-label={t('post.topics')}>
            {post.topics.map((topic) => (
              <li key={topic.id}>
                <Link className="chip" to={contentPaths.topic(topic.id)}>
                  #{topic.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <ReactionBar target={target} counts={post.counts} />
      </section>
      <OpenInAppBar deepLink={`crealitycloud://post/${post.id}`} />
      <p className="report-line">
        <ReportButton itemType="post" itemId={post.id} />
      </p>
      <Comments kind={3} target={target} first={comments} count={post.counts.comments} />
    </article>
  );
}
