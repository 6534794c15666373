import type { InviteCampaign } from '../../../shared/api/invite';
import { useTranslation } from '../../i18n/react';
import { whenSignedIn } from '../accounts/after-sign-in';
import { useSignedIn } from '../accounts/login-store';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useHydrated } from '../content/hydrated';
import { useAcceptInvite } from '../lottery/accept-invite';

/**
 * The invited friend accepts by signing in (a first sign-in makes the account): the server then
 * binds them to the referrer if they count, and the page says what happened in plain words.
 */
export default function InviteeJoin({ page, next }: { page: InviteCampaign; next: string }) {
  const { t } = useTranslation('campaigns');
  const api = useSignedInApi();
  const signedIn = useSignedIn();
  const hydrated = useHydrated();
  const answer = useAcceptInvite(api, page.id);
  if (!signedIn)
    return (
      <section className="card">
        <p>{t('invitee.signIn')}</p>
        <button type="button" className="btn btn-block" disabled={!hydrated} onClick={() => whenSignedIn('invitee', null, () => {})}>
          {t('invitee.accept')}
        </button>
      </section>
    );
  const said = answer === null || typeof answer === 'string' ? answer : answer.bound ? 'bound' : answer.reason;
  return (
    <div className={`card notice invitee-${said ?? 'waiting'}`} role="status">
      <p>{said ? t(`invitee.answer.${said}`, { level: page.releaseLevel }) : t('invitee.checking')}</p>
      {/* Joined: what to do now, so the page is not a dead end. */}
      {said === 'bound' || said === 'earlier' || said === 'already' ? <p className="invitee-next">{next}</p> : null}
    </div>
  );
}
