import { type ReactNode, useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { SYSTEM_API } from '../shared/api/routes';
import { LANGUAGE_COOKIE, LOCALES, type Locale, localeFromNavigator } from '../shared/i18n';
import { readCookie } from './api/identity';
import { useLazyApi } from './api/lazy-api';
import { AccountEntry, LoginSheetHost, WechatReturnHost } from './features/accounts/header-entry';
import { useTranslation } from './i18n/react';
import { paths } from './paths';
import { LogoIcon } from './ui/icons';

/** The names of the languages, each in itself (never translated). */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', 'zh-CN': '简体中文', 'zh-TW': '繁體中文', fr: 'Français' };

export function Chrome({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <>
      <div className="app">
        <header className="app-header">
          <Link to={paths.home} className="brand" aria-label={t('nav.home')}>
            <LogoIcon />
            <span>{t('brand')}</span>
          </Link>
          <div className="header-actions">
            <AccountEntry />
            <LanguageSwitch locale={locale} label={t('language')} />
          </div>
        </header>
        <main className="app-main" id="main">
          {children}
        </main>
        <footer className="app-footer">
          <nav aria-label={t('nav.footer')}>
            <Link to={paths.legal.agreement}>{t('nav.agreement')}</Link>
            <Link to={paths.legal.privacy}>{t('nav.privacy')}</Link>
            <Link to={paths.legal.copyright}>{t('nav.copyright')}</Link>
            <Link to={paths.legal.contactUs}>{t('nav.contact')}</Link>
            <Link to={paths.download}>{t('nav.download')}</Link>
          </nav>
          <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
        </footer>
      </div>
      {/* Outside .app: while the sheet is open, the page behind it is inert. */}
      <LoginSheetHost />
      <WechatReturnHost />
    </>
  );
}

/** Saves the choice (the server sets the language cookie) and reloads the data in that language. */
function LanguageSwitch({ locale, label }: { locale: Locale; label: string }) {
  const revalidator = useRevalidator();
  const api = useLazyApi();
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first page of a visit.
  useEffect(() => {
    // Some in-app webviews send no Accept-Language: when the visitor never chose a language and
    // the browser's own list names another of ours, follow the browser.
    if (readCookie(LANGUAGE_COOKIE)) return;
    const preferred = localeFromNavigator(navigator.languages ?? [navigator.language]);
    if (preferred && preferred !== locale) void choose(preferred);
  }, []);
  const choose = async (next: Locale) => {
    setBusy(true);
    try {
      await (await api()).call(SYSTEM_API.language, { locale: next });
      await revalidator.revalidate();
    } catch {
      // The API client has shown the reason; the page stays in its language.
    } finally {
      setBusy(false);
    }
  };
  return (
    <label className="lang-switch">
      <span className="visually-hidden">{label}</span>
      <select value={locale} disabled={busy} onChange={(e) => void choose(e.target.value as Locale)}>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
