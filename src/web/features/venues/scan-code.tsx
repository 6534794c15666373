import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACCOUNTS_API } from '../../../shared/api/routes-accounts';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { useAppState } from '../../store';
import { showToast } from '../../ui/toast';
import { useSignedIn } from '../accounts/login-store';
import { useSignedInApi } from '../accounts/signed-in-api';
import { ScanIcon } from '../lottery/icons';
import type { Route } from './+types/scan-code';
import { type Role, routeScan, type ScanRoute } from './scan-routing';
import { venuePaths } from './venue-paths';
import './venues.css';

const Scanner = lazy(() => import('../lottery/scanner'));

/**
 * Scan a QR code (`/scan-code`): with the camera (the raffle staff's scanner: BarcodeDetector or
 * jsQR), or typed/pasted when there is no camera. The text goes into the client store (its
 * "scanned QR code") and known codes are routed: a prize's redeem code to the staff write-off for
 * staff (explained to others), invite links and this site's pages are opened, anything else is
 * shown as text to copy.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['venues', 'lottery']);
  return {
    i18n: base.i18n,
    head: { title: base.t('venues', 'scan.title'), description: base.t('venues', 'scan.text'), canonical: base.canonical },
  };
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

/** Any text a QR code holds is wanted here (routing decides what it is). */
const anyText = (text: string) => text.trim() || null;

export default function ScanCode() {
  const { t } = useTranslation('venues');
  const { store } = useApp();
  const last = useAppState(store, (s) => s.scannedCode);
  const api = useSignedInApi();
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const [scanning, setScanning] = useState(false);
  const [typed, setTyped] = useState('');
  const [result, setResult] = useState<ScanRoute | null>(null);

  const handle = async (text: string) => {
    store.set({ scannedCode: text });
    const origin = window.location.origin;
    let route = routeScan(text, origin, []);
    // Whether a prize code goes to the write-off depends on the visitor's staff roles.
    if (route.kind === 'prize' && signedIn) {
      const roles: Role[] = await api.call(ACCOUNTS_API.me, undefined, { quiet: true }).then(
        (me) => me.roles,
        () => [],
      );
      route = routeScan(text, origin, roles);
    }
    setResult(route);
    if (route.kind !== 'text' && route.to) navigate(route.to);
  };

  return (
    <div className="scan-page">
      <h1 className="page-title">{t('scan.title')}</h1>
      <p className="muted">{t('scan.text')}</p>
      <div className="btn-row">
        <button type="button" className="btn" onClick={() => setScanning(true)} disabled={scanning}>
          <ScanIcon className="btn-icon" /> {t('scan.camera')}
        </button>
        <Link className="btn btn-secondary" to={venuePaths.scanCodeGuide}>
          {t('scan.guideLink')}
        </Link>
      </div>
      {scanning ? (
        <Suspense fallback={<p className="muted">{t('scan.starting')}</p>}>
          <Scanner
            accept={anyText}
            hint={t('scan.hint')}
            onClose={() => setScanning(false)}
            onCode={(text) => {
              setScanning(false);
              void handle(text);
            }}
          />
        </Suspense>
      ) : null}
      <form
        className="card scan-manual"
        onSubmit={(e) => {
          e.preventDefault();
          if (typed.trim()) void handle(typed.trim());
        }}
      >
        <div className="field">
          <label htmlFor="scan-text">{t('scan.manualLabel')}</label>
          <input id="scan-text" value={typed} maxLength={2000} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
          <p className="field-hint">{t('scan.manualHint')}</p>
        </div>
        <button type="submit" className="btn btn-block" disabled={!typed.trim()}>
          {t('scan.open')}
        </button>
      </form>
      {result ? <ScanResult route={result} /> : null}
      {last && !result ? (
        <p className="muted small">
          {t('scan.last')} <code className="scan-text">{last}</code>
        </p>
      ) : null}
    </div>
  );
}

function ScanResult({ route }: { route: ScanRoute }) {
  const { t } = useTranslation('venues');
  if (route.kind === 'prize' && !route.to)
    return (
      <section className="card notice" role="status">
        <h2>{t('scan.prizeTitle')}</h2>
        <p>{t('scan.prizeText', { code: route.code })}</p>
      </section>
    );
  if (route.kind !== 'text')
    return (
      <p className="muted" role="status">
        {t('scan.opening')}
      </p>
    );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(route.text);
      showToast(t('scan.copied'));
    } catch {
      showToast(t('scan.copyFailed'));
    }
  };
  return (
    <section className="card" role="status" aria-labelledby="scan-result">
      <h2 id="scan-result">{t('scan.textTitle')}</h2>
      <p className="muted small">{t('scan.textHint')}</p>
      <pre className="scan-text">{route.text}</pre>
      <button type="button" className="btn btn-secondary btn-block" onClick={() => void copy()}>
        {t('scan.copy')}
      </button>
    </section>
  );
}
