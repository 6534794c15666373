import { useEffect, useMemo } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { htmlLang } from '../shared/i18n';
import type { Route } from './+types/root';
import { Analytics } from './analytics/analytics';
import { AppContext } from './app-context';
import { Chrome } from './chrome';
import { EARLY_TAPS_SCRIPT, replayEarlyTap } from './early-taps';
import { I18nProvider, useRouteMessages, useTranslation } from './i18n/react';
import { createTranslator } from './i18n/translator';
import { LoadError, LoadWatchdog } from './load-watchdog';
import { REM_SCRIPT } from './rem-script';
import { provideStore } from './store';
import { LoadingOverlay } from './ui/loading-overlay';
import { ToastHost } from './ui/toast';
import './load-context';
// The site-wide sheets, in cascade order; each feature's own sheet comes with its route's modules.
import './ui/tokens.css';
import './ui/base.css';
import './ui/sheet.css';
import './ui/parts.css';
import './ui/controls.css';
import './ui/gallery.css';

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export async function loader({ context }: Route.LoaderArgs) {
  const { ctx, services, cspNonce } = context;
  return {
    locale: ctx.locale,
    config: services.config,
    nonce: cspNonce,
    i18n: services.i18n.bundle(ctx.locale, ['common', 'errors']),
  };
}

// Language changes reload the root data (new catalogues); other navigations keep it.
export function shouldRevalidate({ defaultShouldRevalidate, formMethod, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.href !== nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = data?.nonce || undefined;
  return (
    // The rem script sets the root font size before React hydrates: that attribute is ours.
    <html lang={htmlLang(data?.locale ?? 'en')} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0a7a4b" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: REM_SCRIPT }} />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_TAPS_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { locale, config, i18n: bundle } = loaderData;
  // A new instance per language: the catalogues of the previous language are not needed.
  const i18n = useMemo(() => createTranslator(bundle.locale, bundle.resources), [bundle]);
  const store = useMemo(
    () =>
      provideStore({
        language: locale,
        geography: config.edition,
        loading: false,
        guide: false,
        whitelist: [new URL(config.makersToolsUrl).host],
        scannedCode: null,
      }),
    [locale, config],
  );
  if (store.get().language !== locale) store.set({ language: locale });
  useRouteMessages(i18n);
  // A marker for tests and tools: event handlers are attached from now on.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '1';
    replayEarlyTap();
  }, []);
  return (
    <I18nProvider value={i18n}>
      <AppContext.Provider value={{ store, config, locale }}>
        <Chrome locale={locale}>
          <Outlet />
        </Chrome>
        <LoadingOverlay />
        <LoadWatchdog />
        <ToastHost />
        <Analytics config={config.analytics} />
      </AppContext.Provider>
    </I18nProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>('root');
  const i18n = useMemo(() => (data ? createTranslator(data.i18n.locale, data.i18n.resources) : null), [data]);
  if (!i18n) return <p>{isRouteErrorResponse(error) ? error.status : 500}</p>;
  return (
    <I18nProvider value={i18n}>
      <RootError error={error} />
    </I18nProvider>
  );
}

function RootError({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  // A failed import of a page's code is a load error: the visitor can reload.
  const chunkFailed = error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
  if (chunkFailed) return <LoadError />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="app">
      <section className="state card" role="alert">
        <h1>{t('error.title')}</h1>
        <p>{t('error.text', { status })}</p>
        <a className="btn" href="/">
          {t('nav.backHome')}
        </a>
      </section>
    </main>
  );
}
