import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { TMe } from '../../../shared/api/accounts';
import { ACCOUNTS_API } from '../../../shared/api/routes-accounts';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { showToast } from '../../ui/toast';
import { FormEnd } from './form-parts';
import { sessionChanged } from './login-store';
import { FlowPanel, OwnCodeFields, ownTypes, type Panel } from './settings-flow';
import { useSignedInApi } from './signed-in-api';
import { useForm } from './use-form';
import './account.css';

/** The cooling-off period the cancellation notice promises (ACCOUNT_CANCEL_COOLING_DAYS on the server). */
const COOLING_DAYS = 15;

/** Signing out here or everywhere. */
export function Sessions() {
  const { t } = useTranslation('accounts');
  const api = useSignedInApi();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const run = async (everywhere: boolean) => {
    setBusy(true);
    try {
      if (everywhere) await api.call(ACCOUNTS_API.logoutAll);
      else await api.call(ACCOUNTS_API.logout);
      sessionChanged();
      showToast(everywhere ? t('settings.signedOutAll') : t('settings.signedOut'));
      await revalidator.revalidate();
    } catch {
      // The client has shown the reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card account-card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('settings.sessions')}</h2>
      <div className="btn-row">
        <button type="button" className="btn btn-secondary btn-block" disabled={busy} onClick={() => void run(false)}>
          {t('settings.signOut')}
        </button>
        <button type="button" className="btn btn-secondary btn-block" disabled={busy} onClick={() => void run(true)}>
          {t('settings.signOutAll')}
        </button>
      </div>
      <p className="small muted">{t('settings.signOutAllText')}</p>
    </section>
  );
}

/** Deleting the account: the notice, then the panel that asks for a confirmation and a code. */
export function DeleteSection({
  me,
  panel,
  setPanel,
  onDeleted,
}: {
  me: TMe;
  panel: Panel;
  setPanel: (p: Panel) => void;
  onDeleted: (deleteAfter: number) => void;
}) {
  const { t } = useTranslation('accounts');
  return (
    <section className="card account-card" aria-labelledby="delete-title">
      <h2 id="delete-title">{t('settings.deleteTitle')}</h2>
      <p className="small muted">{t('settings.deleteText', { days: COOLING_DAYS })}</p>
      <p className="small">
        <Link to={paths.legal.cancellation}>{t('settings.deleteNotice')}</Link>
      </p>
      {panel?.kind === 'delete' ? (
        <DeleteFlow me={me} onClose={() => setPanel(null)} onDeleted={onDeleted} />
      ) : (
        <button type="button" className="btn btn-danger-outline btn-block" onClick={() => setPanel({ kind: 'delete' })}>
          {t('settings.deleteStart')}
        </button>
      )}
    </section>
  );
}

function DeleteFlow({ me, onClose, onDeleted }: { me: TMe; onClose: () => void; onDeleted: (deleteAfter: number) => void }) {
  const { t } = useTranslation('accounts');
  const api = useSignedInApi();
  const revalidator = useRevalidator();
  const form = useForm();
  const [confirmed, setConfirmed] = useState(false);
  const [type, setType] = useState<0 | 1>(() => ownTypes(me)[0] ?? 1);
  const [code, setCode] = useState('');

  const submit = form.onSubmit(async () => {
    if (!confirmed) {
      form.fail('confirm', t('settings.deleteConfirmRequired'));
      return;
    }
    const rules = await form.rules();
    if (!rules || !form.codeFits(rules, code)) return;
    await form.attempt(async () => {
      const r = await api.call(ACCOUNTS_API.cancel, { type, code });
      // The server ended every session and cleared the cookies.
      sessionChanged();
      onDeleted(r.deleteAfter);
      await revalidator.revalidate();
    });
  });

  if (!me.phone && !me.email) {
    return (
      <FlowPanel title={t('settings.deleteTitle')} onClose={onClose}>
        <p className="small">{t('settings.noVerifiable')}</p>
      </FlowPanel>
    );
  }
  return (
    <FlowPanel title={t('settings.deleteStart')} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <label className="check">
          <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} {...form.invalid('confirm')} />
          {t('settings.deleteConfirm')}
        </label>
        <OwnCodeFields me={me} purpose={2} type={type} onType={setType} code={code} onCode={setCode} form={form} />
        <FormEnd form={form} label={t('settings.deleteSubmit')} className="btn btn-danger btn-block" />
      </form>
    </FlowPanel>
  );
}
