import { useEffect, useState } from 'react';
import type { TMe } from '../../../shared/api/accounts';
import { useApi } from '../../api/use-api';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { LockIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import type { Route } from './+types/settings';
import { loadRules } from './lazy-rules';
import { openLogin, sessionChanged } from './login-store';
import { MethodsSection } from './settings-bindings';
import { DeleteSection, Sessions } from './settings-danger';
import type { Panel } from './settings-flow';
import { AccountHead, ProfileForm } from './settings-profile';
import { clearSession } from './signed-in-api';

/**
 * The signed-in user, read on the server. A token the server no longer accepts (expired, revoked,
 * another user's id) is the same as being signed out here; the page then clears the cookies.
 * Personal: no public cache headers (the default `private, no-cache` applies), no index.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['accounts']);
  let me: TMe | null = null;
  let stale = false;
  try {
    const user = await context.services.accounts.authenticate(context.ctx);
    if (user) me = await context.services.accounts.me(user.userId);
  } catch (err) {
    // AppError (codes 4/5: the session is gone); anything else is a real failure.
    if (!(err instanceof Error && err.name === 'AppError')) throw err;
    stale = true;
  }
  return {
    i18n: base.i18n,
    me,
    stale,
    head: {
      title: base.t('accounts', 'settings.metaTitle'),
      description: base.t('accounts', 'settings.metaDescription'),
      canonical: base.canonical,
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { me, stale } = loaderData;
  const api = useApi();
  const [deleteAfter, setDeleteAfter] = useState<number | null>(null);

  useEffect(() => {
    if (me) void loadRules().catch(() => {});
  }, [me]);

  useEffect(() => {
    if (stale) void clearSession(api);
    // The header follows what the server found (e.g. a session ended on another device).
    else sessionChanged();
  }, [stale, api]);

  return me ? <SignedIn me={me} onDeleted={setDeleteAfter} /> : <SignedOut deleteAfter={deleteAfter} />;
}

function SignedOut({ deleteAfter }: { deleteAfter: number | null }) {
  const { t, locale } = useTranslation('accounts');
  return (
    <>
      {deleteAfter ? (
        <p className="card form-notice" role="status">
          {t('settings.deleteDone', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(deleteAfter) })}
        </p>
      ) : null}
      <StateView
        icon={<LockIcon />}
        title={t('settings.signedOutTitle')}
        actions={
          <button type="button" className="btn btn-block" onClick={() => openLogin()}>
            {t('settings.signIn')}
          </button>
        }
      >
        <p className="muted">{t('settings.signedOutText')}</p>
      </StateView>
    </>
  );
}

function SignedIn({ me, onDeleted }: { me: TMe; onDeleted: (deleteAfter: number) => void }) {
  // One panel at a time on the whole page.
  const [panel, setPanel] = useState<Panel>(null);
  return (
    <>
      <AccountHead me={me} />
      <ProfileForm me={me} />
      <MethodsSection me={me} panel={panel} setPanel={setPanel} />
      <Sessions />
      <DeleteSection me={me} panel={panel} setPanel={setPanel} onDeleted={onDeleted} />
    </>
  );
}
