import { ZTopicId } from '../../../shared/api/content';
import { formatCount } from '../../../shared/format';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { CompassIcon } from '../../ui/icons';
import type { Route } from './+types/topic';
import { excerptOf, found, missing } from './content-loader';
import { contentMeta } from './content-meta';
import { ContentNotFound } from './content-not-found';
import { OpenInAppBar } from './open-in-app';
import { PostList } from './post-list';

const ALL = { contentFilter: 0, authorFilter: 0 };

/** A topic (`/creality-cloud/topic/:topicId`): what it is about and its posts, newest first. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['content']);
  const parsed = ZTopicId.safeParse(params);
  const { content } = context.services;
  const topic = parsed.success ? await content.topic(parsed.data.topicId) : null;
  if (!topic) return missing(base, 'topic');
  const posts = await content.posts({ topicId: Number(topic.id), page: 1, pageSize: 10, ...ALL });
  return found(base, topic, { title: `#${topic.name}`, description: excerptOf(topic.description) || `#${topic.name}` }, { posts });
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = contentMeta;

export default function Topic({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('content');
  const topic = loaderData.item;
  if (!topic || !('posts' in loaderData)) return <ContentNotFound icon={<CompassIcon />} title={t('notFound.topic')} />;
  return (
    <article className="topic">
      <section className="card">
        <h1>#{topic.name}</h1>
        {topic.description ? <p className="pre-line">{topic.description}</p> : null}
        <p className="muted small">{t('counts.posts', { count: topic.postCount, n: formatCount(topic.postCount, loaderData.locale) })}</p>
      </section>
      <OpenInAppBar deepLink={`crealitycloud://topic/${topic.id}`} />
      <PostList key={topic.id} scope={{ topicId: topic.id }} filters={ALL} first={loaderData.posts} />
    </article>
  );
}
