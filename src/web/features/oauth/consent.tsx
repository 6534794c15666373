import { useCallback, useEffect, useState } from 'react';
import type { CallResult } from '../../../shared/api/call-types';
import { withParams } from '../../../shared/api/routes';
import { OAUTH_API } from '../../../shared/api/routes-accounts';
import { ResultCode } from '../../../shared/errors';
import { useApi } from '../../api/use-api';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import { LockIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import { openLogin, useSignedIn } from '../accounts/login-store';
import type { Route } from './+types/consent';
import './consent.css';

/**
 * The OAuth server's login and consent screen (spec `/oauth`): which application asks, for what,
 * and Allow / Deny. The request's details come from the provider's interaction (its cookie only
 * reaches /api/cxy/oauth2, so the browser asks for them); signing in uses the login sheet.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['oauth', 'accounts']);
  return {
    i18n: base.i18n,
    uid: base.url.searchParams.get('uid') ?? '',
    head: { title: base.t('oauth', 'metaTitle'), description: base.t('oauth', 'never'), canonical: base.canonical, noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

type Details = CallResult<typeof OAUTH_API.interaction>;

type View = { kind: 'loading' } | { kind: 'expired' } | { kind: 'ready'; details: Details } | { kind: 'leaving' };

export default function Consent({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('oauth');
  const api = useApi();
  const signedIn = useSignedIn();
  const { uid } = loaderData;
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const details = await api.call(withParams(OAUTH_API.interaction, { uid }), undefined, { quiet: true });
      setView({ kind: 'ready', details });
    } catch {
      setView({ kind: 'expired' });
    }
  }, [api, uid]);

  // Loaded again after signing in (signedIn changes): the server then knows who approves.
  // biome-ignore lint/correctness/useExhaustiveDependencies: signedIn is the trigger, not an input.
  useEffect(() => {
    if (uid) void load();
  }, [uid, signedIn, load]);

  const finish = async (choice: 'approve' | 'deny') => {
    setBusy(true);
    try {
      const route = choice === 'approve' ? OAUTH_API.approve : OAUTH_API.deny;
      const { redirectTo } = await api.call(withParams(route, { uid }));
      setView({ kind: 'leaving' });
      window.location.assign(redirectTo);
    } catch (err) {
      if ((err as { code?: number }).code === ResultCode.token) openLogin();
      setBusy(false);
    }
  };

  if (!uid)
    return (
      <StateView icon={<LockIcon />} title={t('metaTitle')}>
        <p className="muted">{t('missing')}</p>
      </StateView>
    );
  if (view.kind === 'expired')
    return (
      <StateView icon={<LockIcon />} title={t('metaTitle')}>
        <p className="muted">{t('expired')}</p>
      </StateView>
    );
  if (view.kind === 'loading' || view.kind === 'leaving')
    return (
      <StateView icon={<LockIcon />} title={t('metaTitle')}>
        <p className="muted" role="status">
          {t(view.kind === 'loading' ? 'loading' : 'redirecting')}
        </p>
      </StateView>
    );

  const { client, scopes } = view.details;
  const app = client.name || client.clientId;
  return (
    <section className="card consent">
      <LockIcon />
      <h1>{t('title', { app })}</h1>
      <p>{t('willAccess', { app })}</p>
      <ul>
        {scopes.map((s) => (
          <li key={s}>{s === 'openid' || s === 'profile' ? t(`scope.${s}`) : s}</li>
        ))}
      </ul>
      <p className="muted small">{t('never')}</p>
      <div className="btn-row">
        {view.details.signedIn ? (
          <button type="button" className="btn btn-block" disabled={busy} onClick={() => void finish('approve')}>
            {t('approve')}
          </button>
        ) : (
          <button type="button" className="btn btn-block" onClick={() => openLogin()}>
            {t('signInFirst')}
          </button>
        )}
        <button type="button" className="btn btn-secondary btn-block" disabled={busy} onClick={() => void finish('deny')}>
          {t('deny')}
        </button>
      </div>
    </section>
  );
}
