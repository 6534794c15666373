import { lazy, Suspense } from 'react';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import type { Route } from './+types/register';
import { FunnelSteps } from './steps';
import './free-model.css';

const Start = lazy(() => import('./start'));

/** Step 1 of the free-model funnel (`/free-model/register`): what it is, and signing up. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['free-model']);
  return {
    i18n: base.i18n,
    head: { title: base.t('free-model', 'title'), description: base.t('free-model', 'metaDescription'), canonical: base.canonical },
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function FreeModelRegister() {
  const { t } = useTranslation('free-model');
  return (
    <article className="free-model">
      <header className="raffle-hero free-model-hero">
        <h1>{t('title')}</h1>
        <p className="gift-lead">{t('lead')}</p>
      </header>
      <FunnelSteps current={1} />
      <Suspense
        fallback={
          <button type="button" className="btn btn-block" disabled>
            {t('start')}
          </button>
        }
      >
        <Start />
      </Suspense>
    </article>
  );
}
