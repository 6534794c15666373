import { Link } from 'react-router';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { headTags } from '../../seo';
import { PhoneIcon } from '../../ui/icons';
import { QrCode } from '../../ui/qr-code';
import { StateView } from '../../ui/state-view';
import type { Route } from './+types/mobile-page';
import { qrPageData } from './qr-page';

/**
 * For desktop visitors of a phone-only page: scan to continue on the phone. `?url=` names the
 * page (a path of this site); without it the QR code opens the home page.
 */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  qrPageData(request, context, paths.home, { title: 'mobile.title', text: 'mobile.text' });

export const headers = publicPageHeaders;

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
