import { lazy, Suspense } from 'react';
import { data, Link, redirect } from 'react-router';
import { formatCount } from '../../../shared/format';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { CubeIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import { contentPaths } from '../content/content-paths';
import { queryId } from '../lottery/raffle-paths';
import type { Route } from './+types/download';
import { freeModelPaths } from './paths';
import { FunnelSteps } from './steps';
import './free-model.css';

const DownloadButton = lazy(() => import('./download-button'));

/**
 * Step 3 (`/free-model/download?modelId=N`): the model's files, each downloaded through a signed
 * link. Opened without a model, the step before it: pick one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['free-model', 'content']);
  if (!base.url.searchParams.has('modelId')) throw redirect(freeModelPaths.model);
  const id = queryId(base.url.searchParams, 'modelId');
  const model = id ? await context.services.freeModel.files(id) : null;
  const head = {
    title: model?.title ?? base.t('free-model', 'notFound'),
    description: base.t('free-model', 'metaDescription'),
    canonical: base.canonical + (model ? `?modelId=${model.modelId}` : ''),
    noindex: true,
  };
  return data({ i18n: base.i18n, model, head }, { status: model ? 200 : 404 });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

export default function FreeModelDownload({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('free-model');
  const c = useTranslation('content');
  const { locale } = useApp();
  const { model } = loaderData;
  if (!model)
    return (
      <StateView
        icon={<CubeIcon />}
        title={t('notFound')}
        actions={
          <Link className="btn" to={freeModelPaths.model}>
            {t('pickTitle')}
          </Link>
        }
      />
    );
  return (
    <article className="free-model">
      <h1 className="page-title">{model.title}</h1>
      <FunnelSteps current={3} />
      <section className="card free-model-download" aria-labelledby="free-model-files">
        {model.imageUrl ? <img src={model.imageUrl} alt="" width={640} height={480} className="free-model-image" /> : null}
        <p className="muted small">
          {model.licence} · {c.t('counts.downloads', { count: model.downloads, n: formatCount(model.downloads, locale) })}
        </p>
        <h2 id="free-model-files">{t('files')}</h2>
        <ul className="free-model-files">
          {model.files.map((f) => (
            <li key={f.fileId} className="free-model-file">
              <span>
                {f.name} <span className="muted small">{kb(f.sizeBytes)}</span>
              </span>
              <Suspense
                fallback={
                  <button type="button" className="btn btn-small" disabled>
                    {t('download')}
                  </button>
                }
              >
                <DownloadButton modelId={model.modelId} fileId={f.fileId} />
              </Suspense>
            </li>
          ))}
        </ul>
        <p className="muted small">{t('linkNote')}</p>
      </section>
      <Link className="btn btn-secondary btn-block" to={contentPaths.model(model.modelId)}>
        {t('modelPage')}
      </Link>
    </article>
  );
}
