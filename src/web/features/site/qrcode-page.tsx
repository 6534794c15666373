import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { headTags } from '../../seo';
import { QrCode } from '../../ui/qr-code';
import type { Route } from './+types/qrcode-page';
import { qrPageData } from './qr-page';

/**
 * A QR code to show on a screen or print (stands, posters, the app's "scan to open"): encodes a
 * page of this site given as `?url=`, by default the app download page.
 */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  qrPageData(request, context, paths.download, { title: 'qrcode.title', text: 'qrcode.text' });

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function QrcodePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('site');
  return (
    <section className="card center">
      <h1>{t('qrcode.title')}</h1>
      <p className="muted">{t('qrcode.text')}</p>
      <QrCode svg={loaderData.qr} label={t('qrcode.qrLabel', { url: loaderData.target })} />
      <p className="small">
        <a className="tap-link" href={loaderData.target}>
          {loaderData.target}
        </a>
      </p>
    </section>
  );
}
