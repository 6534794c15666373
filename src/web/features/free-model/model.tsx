import { Link } from 'react-router';
import { ModelPrice } from '../../../shared/enums';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { ModelCardView } from '../content/cards';
import type { Route } from './+types/model';
import { freeModelPaths } from './paths';
import { FunnelSteps } from './steps';

/** Step 2 (`/free-model/model`): the free models (price 1), newest first; each leads to its download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['free-model', 'content']);
  const models = await context.services.content.models({ price: ModelPrice.free, page: 1, pageSize: 24 });
  return {
    i18n: base.i18n,
    models: models.list,
    head: { title: base.t('free-model', 'pickTitle'), description: base.t('free-model', 'metaDescription'), canonical: base.canonical },
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function FreeModelPick({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('free-model');
  return (
    <article className="free-model">
      <h1 className="page-title">{t('pickTitle')}</h1>
      <FunnelSteps current={2} />
      {loaderData.models.length === 0 ? (
        <p className="card muted">{t('none')}</p>
      ) : (
        <ul className="tile-grid">
          {loaderData.models.map((m) => (
            <ModelCardView key={m.id} model={m} to={freeModelPaths.download(m.id)} />
          ))}
        </ul>
      )}
      <Link className="btn btn-secondary btn-block" to={freeModelPaths.register}>
        {t('back')}
      </Link>
    </article>
  );
}
