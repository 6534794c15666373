import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { track } from '../../analytics/track';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import './content.css';

/**
 * The bar on shared pages: opens the app at the same content (its deep link), and falls back to
 * the download page when the app is not installed (the browser stays on our page then).
 * `sticky`: it stays at the bottom of the screen, the page's primary action (`children` beside it).
 */
export function OpenInAppBar({ deepLink, sticky, children }: { deepLink: string; sticky?: boolean; children?: ReactNode }) {
  const { t } = useTranslation('content');
  // Every share page has this bar: its deep link says what is shared (`crealitycloud://model/2`).
  const [contentType = '', contentId = ''] = deepLink.replace(/^[a-z]+:\/\//, '').split('/');
  useEffect(() => track('SharePageView', { contentType, contentId }), [contentType, contentId]);
  const open = () => {
    track('OpenAppClick', { contentType });
    const fallback = setTimeout(() => {
      if (!document.hidden) window.location.assign(paths.download);
    }, 1500);
    document.addEventListener('visibilitychange', () => clearTimeout(fallback), { once: true });
    window.location.href = deepLink;
  };
  return (
    <aside className={sticky ? 'open-app open-app-sticky' : 'open-app card'}>
      {sticky ? null : <p className="small">{t('openInAppText')}</p>}
      {children}
      <Link
        className="btn"
        to={paths.download}
        onClick={(e) => {
          e.preventDefault();
          open();
        }}
      >
        {t('openInApp')}
      </Link>
    </aside>
  );
}
