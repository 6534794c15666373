import type { ReactNode } from 'react';
import { useTranslation } from './i18n/react';
import { Link, useRevalidator } from 'react-router';
import { LANGUAGE_COOKIE, LOCALES, type Locale } from '../shared/i18n';
import { paths } from './paths';
import { LogoIcon } from './ui/icons';

/** The names of the languages, each in itself (never translated). */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', 'zh-CN': '简体中文', 'zh-TW': '繁體中文', fr: 'Français' };

export function Chrome({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="app">
      <header className="app-header">
        <Link to={paths.home} className="brand" aria-label={t('nav.home')}>
          <LogoIcon />
          <span>{t('brand')}</span>
        </Link>
        <LanguageSwitch locale={locale} label={t('language')} />
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
  );
}

/** Stores the choice in a cookie (read on the server too) and reloads the data in that language. */
function LanguageSwitch({ locale, label }: { locale: Locale; label: string }) {
  const revalidator = useRevalidator();
  return (
    <label className="lang-switch">
      <span className="visually-hidden">{label}</span>
      <select
        value={locale}
        onChange={(e) => {
          document.cookie = `${LANGUAGE_COOKIE}=${e.target.value}; Path=/; Max-Age=31536000; SameSite=Lax`;
          void revalidator.revalidate();
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
