import { Link } from 'react-router';
import { ZTimelapseId } from '../../../shared/api/content';
import { formatDate } from '../../../shared/format';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { paths } from '../../paths';
import { PrinterIcon } from '../../ui/icons';
import type { Route } from './+types/timelapse';
import { AuthorLine } from './author';
import { absolute, found, missing } from './content-loader';
import { contentMeta } from './content-meta';
import { ContentNotFound } from './content-not-found';
import { contentPaths } from './content-paths';
import { useDuration } from './duration';
import { MediaPlayer } from './media-player';
import { OpenInAppBar } from './open-in-app';
import './content.css';

/** A print timelapse (`/timelapses-share/:id`): the recording, its poster and the print's facts. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['content']);
  const parsed = ZTimelapseId.safeParse(params);
  const item = parsed.success ? await context.services.content.timelapse(parsed.data.id) : null;
  if (!item) return missing(base, 'timelapse');
  const title = item.model ? base.t('content', 'timelapse.titleOf', { title: item.model.title }) : base.t('content', 'timelapse.title');
  const image = absolute(base, item.posterUrl);
  const minutes = Math.round(item.durationSeconds / 60);
  return found(
    base,
    item,
    {
      title,
      description: base.t('content', 'timelapse.description', { printer: item.printer || '—', minutes, name: item.author.nickname }),
      type: 'video.other',
      ...(image ? { image } : {}),
    },
    {},
    {
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: title,
      description: title,
      uploadDate: new Date(item.createdAt).toISOString(),
      contentUrl: base.origin + item.video.url,
      ...(image ? { thumbnailUrl: image } : {}),
    },
  );
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = contentMeta;

export default function Timelapse({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('content');
  const duration = useDuration();
  const item = loaderData.item;
  if (!item) return <ContentNotFound icon={<PrinterIcon />} title={t('notFound.timelapse')} />;
  return (
    <article className="timelapse">
      <MediaPlayer media={item.video} posterUrl={item.posterUrl} label={loaderData.head.title} />
      <section className="card">
        <h1>{loaderData.head.title}</h1>
        <AuthorLine user={item.author}>{formatDate(new Date(item.createdAt).toISOString(), loaderData.locale)}</AuthorLine>
        <dl className="params facts">
          {item.printer ? (
            <div>
              <dt>{t('timelapse.printer')}</dt>
              <dd>{item.printer}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('timelapse.duration')}</dt>
            <dd>{duration(item.durationSeconds)}</dd>
          </div>
          {item.model ? (
            <div>
              <dt>{t('timelapse.model')}</dt>
              <dd>
                <Link className="tap-link" to={contentPaths.model(item.model.id)}>
                  {item.model.title}
                </Link>
              </dd>
            </div>
          ) : null}
        </dl>
        <p>
          <Link className="tap-link" to={contentPaths.timelapses}>
            {t('timelapse.more')}
          </Link>
        </p>
      </section>
      <OpenInAppBar deepLink={`crealitycloud://timelapse/${item.id}`} />
      <p className="center small">
        <Link className="tap-link" to={paths.download}>
          {t('timelapse.record')}
        </Link>
      </p>
    </article>
  );
}
