import { Link } from 'react-router';
import { useApp } from '../../app-context';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { paths } from '../../paths';
import { headTags } from '../../seo';
import { LockIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import type { Route } from './+types/pullblack';

/** What a blocked account sees: why, what it cannot do, and how to appeal. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['site']);
  return {
    i18n: base.i18n,
    head: {
      title: base.t('site', 'pullblack.title'),
      description: base.t('site', 'pullblack.text'),
      canonical: base.canonical,
      noindex: true,
    },
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function Pullblack() {
  const { t } = useTranslation('site');
  const { config } = useApp();
  return (
    <StateView
      icon={<LockIcon />}
      title={t('pullblack.title')}
      actions={
        <>
          <a className="btn btn-block" href={`mailto:${config.supportEmail}`}>
            {t('pullblack.appeal')}
          </a>
          <Link className="btn btn-secondary btn-block" to={paths.legal.rule}>
            {t('pullblack.rules')}
          </Link>
        </>
      }
    >
      <p className="muted">{t('pullblack.text')}</p>
      <ul className="muted small text-start">
        <li>{t('pullblack.limits.post')}</li>
        <li>{t('pullblack.limits.campaigns')}</li>
        <li>{t('pullblack.limits.prizes')}</li>
      </ul>
      <p className="small">{t('pullblack.appealText', { email: config.supportEmail })}</p>
    </StateView>
  );
}
