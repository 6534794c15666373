import { useEffect, useState } from 'react';
import { type Device, detectDevice, isIpadOs } from '../../../shared/device';
import { track } from '../../analytics/track';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { useAppState } from '../../store';
import { QrCode } from '../../ui/qr-code';
import type { Route } from './+types/download';
import './landing.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['site']);
  const device = detectDevice(request.headers.get('user-agent'));
  return {
    i18n: base.i18n,
    device,
    // Desktop visitors scan this page with their phone, which then shows its own store.
    qr: device.os === 'desktop' ? await context.services.qr.svg(base.canonical) : null,
    pageUrl: base.canonical,
    head: {
      title: base.t('site', 'download.metaTitle'),
      description: base.t('site', 'download.metaDescription'),
      canonical: base.canonical,
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

/** How long the 'starting download...' overlay stays if the page is not left meanwhile. */
const OVERLAY_MS = 2500;

export default function Download({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('site');
  const { config, store } = useApp();
  const guide = useAppState(store, (s) => s.guide);
  const [device, setDevice] = useState<Device>(loaderData.device);

  useEffect(() => {
    // iPadOS reports itself as a Mac; the server cannot tell, the browser can.
    if (device.os === 'desktop' && isIpadOs(navigator.platform, navigator.maxTouchPoints)) setDevice({ ...device, os: 'ios' });
  }, [device]);

  useEffect(() => {
    const reset = () => store.set({ loading: false });
    window.addEventListener('pagehide', reset);
    return () => window.removeEventListener('pagehide', reset);
  }, [store]);

  const start = (e: React.MouseEvent<HTMLAnchorElement>) => {
    track('DownloadClick', { platform: e.currentTarget.dataset.platform as 'ios' | 'android' | 'apk' });
    if (device.wechat) {
      // WeChat blocks store links and APKs: show how to open the page in the browser instead.
      e.preventDefault();
      store.set({ guide: true });
      return;
    }
    store.set({ loading: true });
    setTimeout(() => store.set({ loading: false }), OVERLAY_MS);
  };

  const { ios, android, apk } = config.appLinks;
  const showIos = device.os === 'ios' || device.os === 'desktop';
  const showAndroid = device.os !== 'ios';
  return (
    <>
      <section className="hero">
        <h1>{t('download.title')}</h1>
        <p>{t('download.subtitle')}</p>
        <div className="btn-row">
          {showIos ? (
            <a className="btn btn-block" href={ios} onClick={start} rel="noopener" data-platform="ios">
              {t('download.appStore')}
            </a>
          ) : null}
          {showAndroid ? (
            <a className="btn btn-block" href={android} onClick={start} rel="noopener" data-platform="android">
              {t('download.googlePlay')}
            </a>
          ) : null}
          {showAndroid && apk ? (
            <a className="btn btn-secondary btn-block" href={apk} onClick={start} rel="noopener" data-platform="apk">
              {t('download.apk')}
            </a>
          ) : null}
        </div>
      </section>
      {loaderData.qr ? (
        <section className="card center">
          <h2>{t('download.scanTitle')}</h2>
          <QrCode svg={loaderData.qr} label={t('download.qrLabel', { url: loaderData.pageUrl })} />
          <p className="muted small">{t('download.scanText')}</p>
        </section>
      ) : null}
      <section className="card">
        <h2>{t('download.whyTitle')}</h2>
        <ul>
          <li>{t('download.why.remote')}</li>
          <li>{t('download.why.slicing')}</li>
          <li>{t('download.why.models')}</li>
          <li>{t('download.why.campaigns')}</li>
        </ul>
      </section>
      {guide ? (
        <button type="button" className="overlay guide" onClick={() => store.set({ guide: false })}>
          <p>{t('download.wechatGuide')}</p>
          <span className="small">{t('download.wechatGuideClose')}</span>
        </button>
      ) : null}
    </>
  );
}
