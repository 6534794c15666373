import { data, NavLink, Outlet } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { LockIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import { openLogin } from '../accounts/login-store';
import type { Route } from './+types/layout';
import './console.css';
import { accessStatus, consoleAccess } from './console-loader';
import { navFor } from './nav';

/**
 * The operator console's frame (`/admin/…`): a navigation of the sections the signed-in user's
 * scopes allow, beside (laptop) or above (phone) the section's page. Signed-out visitors are asked
 * to sign in (401); members who are not staff are told the console is not theirs (403).
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['console']);
  const access = await consoleAccess(context);
  return data(
    {
      i18n: base.i18n,
      access: access.state === 'staff' ? { state: access.state, nickname: access.nickname, sections: access.sections } : access,
      head: {
        title: base.t('console', 'title'),
        description: base.t('console', 'metaDescription'),
        canonical: base.canonical,
        noindex: true,
      },
    },
    { status: accessStatus(access), headers: { 'cache-control': 'private, no-store' } },
  );
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('console');
  const { access } = loaderData;
  if (access.state === 'signedOut')
    return (
      <StateView
        icon={<LockIcon />}
        title={t('signIn.title')}
        actions={
          <button type="button" className="btn btn-block" onClick={() => openLogin()}>
            {t('signIn.button')}
          </button>
        }
      >
        <p className="muted">{t('signIn.text')}</p>
      </StateView>
    );
  if (access.state === 'denied')
    return (
      <StateView icon={<LockIcon />} title={t('denied.title')}>
        <p className="muted">{t('denied.text')}</p>
      </StateView>
    );
  return (
    <div className="console">
      <a className="console-skip" href="#console-page">
        {t('nav.skip')}
      </a>
      <nav className="console-nav" aria-label={t('nav.label')}>
        <p className="console-who">{t('nav.signedInAs', { name: access.nickname })}</p>
        <ul>
          {navFor(access.sections).map((item) => (
            <li key={item.path}>
              <NavLink to={item.path} end={item.end ?? false} prefetch="intent">
                {t(item.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="console-page" id="console-page" tabIndex={-1}>
        <Outlet />
      </div>
    </div>
  );
}
