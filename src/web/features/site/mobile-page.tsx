import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { paths } from '../../paths';
import { headTags } from '../../seo';
import { PhoneIcon } from '../../ui/icons';
import { QrCode } from '../../ui/qr-code';
import { StateView } from '../../ui/state-view';
import type { Route } from './+types/mobile-page';

/**
 * For desktop visitors of a phone-only page: scan to continue on the phone. `?url=` names the
 * page (a path of this site); without it the QR code opens the home page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['site']);
  const target = context.services.qr.sameSiteUrl(base.origin, base.url.searchParams.get('url')) ?? `${base.origin}/`;
  return {
    i18n: base.i18n,
    target,
    qr: await context.services.qr.svg(target),
    head: { title: base.t('site', 'mobile.title'), description: base.t('site', 'mobile.text'), canonical: base.canonical },
  };
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function MobilePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('site');
  return (
    <StateView
      icon={<PhoneIcon />}
      title={t('mobile.title')}
      actions={
        <Link className="btn btn-secondary btn-block" to={new URL(loaderData.target).pathname || paths.home}>
          {t('mobile.continueHere')}
        </Link>
      }
    >
      <p className="muted">{t('mobile.text')}</p>
      <QrCode svg={loaderData.qr} label={t('mobile.qrLabel', { url: loaderData.target })} />
    </StateView>
  );
}
