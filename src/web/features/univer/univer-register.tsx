import { lazy, Suspense } from 'react';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { BenefitsCard, ButtonCardPlaceholder } from '../../ui/placeholders';
import type { Route } from './+types/univer-register';
import './univer.css';

const Registration = lazy(() => import('./registration'));

/**
 * The university programme (`/univer-register`): what students get, and the registration form
 * (school, student id, contact, major) for the signed-in student, checked in the browser with the
 * server's rules. The page is the same for everyone; the form is an island.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['univer']);
  return {
    i18n: base.i18n,
    head: { title: base.t('univer', 'title'), description: base.t('univer', 'metaDescription'), canonical: base.canonical },
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function UniverRegister() {
  const { t } = useTranslation('univer');
  return (
    <article className="univer">
      <header className="raffle-hero univer-hero">
        <h1>{t('title')}</h1>
        <p className="gift-lead">{t('lead')}</p>
      </header>
      <BenefitsCard id="univer-benefits" title={t('benefitsTitle')} items={[t('benefit1'), t('benefit2'), t('benefit3')]} />
      <Suspense fallback={<ButtonCardPlaceholder label={t('submit')} />}>
        <Registration />
      </Suspense>
      <p className="muted small univer-privacy">{t('privacy')}</p>
    </article>
  );
}
