import { useApp } from '../../app-context';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { paths } from '../../paths';
import { headTags } from '../../seo';
import { ButtonAnchor, ButtonLink } from '../../ui/button';
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
          <ButtonAnchor block href={`mailto:${config.supportEmail}`}>
            {t('pullblack.appeal')}
          </ButtonAnchor>
          <ButtonLink variant="secondary" block to={paths.legal.rule}>
            {t('pullblack.rules')}
          </ButtonLink>
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
