import { Link } from 'react-router';
import { type CommentView, type ModelView, type Page, ZModelId } from '../../../shared/api/content';
import { Licence } from '../../../shared/enums';
import { formatCount, formatDate } from '../../../shared/format';
import type { Locale } from '../../../shared/i18n';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { paths } from '../../paths';
import { CubeIcon } from '../../ui/icons';
import type { Route } from './+types/model-details';
import { absolute, excerptOf, found, missing } from './content-loader';
import { contentMeta } from './content-meta';
import { ContentNotFound } from './content-not-found';
import { contentPaths } from './content-paths';
import { Comments, ModelPreview, ReactionBar } from './islands';
import { MakerCard, ModelActions, ModelGallery, ProfileCards } from './model-parts';
import { ReportButton } from './report';
import './content.css';

/**
 * The licence explainer, at the licence's own section: the document's `##` sections are written in
 * the order of `Licence`, and the docs service numbers them `section-1`, `section-2`, …
 */
const licenceLink = (licence: string) => {
  const i = (Licence as readonly string[]).indexOf(licence);
  return i < 0 ? paths.legal.licences : `${paths.legal.licences}#section-${i + 1}`;
};

/** A shared model (`/creality-cloud/model-details/:modelId`), rendered on the server. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['content']);
  const parsed = ZModelId.safeParse(params);
  const { content } = context.services;
  const model = parsed.success ? await content.model(parsed.data.modelId) : null;
  if (!model) return missing(base, 'model');
  const comments = await content.comments({ kind: 1, targetId: Number(model.id), page: 1, pageSize: 10 });
  const image = absolute(base, model.images[0]?.url);
  return found(
    base,
    model,
    {
      title: model.title,
      // A model without a description still tells a link preview what it is.
      description:
        excerptOf(model.description) || base.t('content', 'model.shareDescription', { title: model.title, maker: model.author.nickname }),
      ...(image ? { image } : {}),
    },
    { comments },
    // schema.org 3DModel: search engines and chat apps read what the model is.
    {
      '@context': 'https://schema.org',
      '@type': '3DModel',
      name: model.title,
      description: model.description,
      url: base.canonical,
      ...(image ? { image } : {}),
      author: { '@type': 'Person', name: model.author.nickname },
      dateCreated: new Date(model.createdAt).toISOString(),
      encoding: model.files.map((f) => ({
        '@type': 'MediaObject',
        contentUrl: base.origin + f.url,
        encodingFormat: f.format === 'STL' ? 'model/stl' : 'model/3mf',
      })),
    },
  );
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = contentMeta;

const kb = (bytes: number) => (bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export default function ModelDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('content');
  const model = loaderData.item;
  if (!model || !('comments' in loaderData)) return <ContentNotFound icon={<CubeIcon />} title={t('notFound.model')} />;
  return <Model model={model} comments={loaderData.comments} locale={loaderData.locale} />;
}

function Model({ model, comments, locale }: { model: ModelView; comments: Page<CommentView>; locale: Locale }) {
  const { t } = useTranslation('content');
  // What the islands ask the visitor's relation about: this model and the comments shown with it.
  const target = { kind: 'model' as const, id: model.id, commentIds: comments.list.flatMap((c) => [c.id, ...c.replies.map((r) => r.id)]) };
  return (
    <article className="model">
      <ModelGallery model={model} />
      <ModelPreview file={model.files[0]} title={model.title} />
      <section className="card">
        <h1>{model.title}</h1>
        <p className="muted small">
          {t('model.published', { date: formatDate(new Date(model.createdAt).toISOString(), locale) })}
          {' · '}
          {model.price === 2 ? t('model.paid') : t('model.free')}
          {' · '}
          {t('counts.downloads', { count: model.counts.downloads, n: formatCount(model.counts.downloads, locale) })}
          {model.circle ? (
            <>
              {' · '}
              <Link to={contentPaths.circle(model.circle.id)}>{model.circle.name}</Link>
            </>
          ) : null}
        </p>
        <ReactionBar target={target} counts={model.counts} />
      </section>
      <MakerCard model={model} target={target} />
      <section className="card">
        <h2>{t('model.description')}</h2>
        <p className="pre-line">{model.description}</p>
      </section>
      <section className="card">
        <h2>{t('model.slices')}</h2>
        <ProfileCards model={model} />
      </section>
      <section className="card">
        <h2>{t('model.files')}</h2>
        <ul className="plain-list">
          {model.files.map((f) => (
            <li key={f.url} className="file-row">
              <a className="tap-link" href={f.url} download aria-label={t('model.download', { name: f.name })}>
                {f.name}
              </a>
              <span className="muted small">
                {f.format} · {kb(f.sizeBytes)}
              </span>
            </li>
          ))}
        </ul>
        <h2>{t('model.licence')}</h2>
        <p>
          {model.licence} · <Link to={licenceLink(model.licence)}>{t('model.licenceExplain')}</Link>
        </p>
      </section>
      <p className="report-line">
        <ReportButton itemType="model" itemId={model.id} />
      </p>
      <Comments kind={1} target={target} first={comments} count={model.counts.comments} />
      <ModelActions model={model} />
    </article>
  );
}
