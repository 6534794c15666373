import { type FormEvent, useState } from 'react';
import type * as contract from '../../../shared/api/console-people';
import { ACCOUNTS_API } from '../../../shared/api/routes-accounts';
import { CONSOLE_API } from '../../../shared/api/routes-console';
import { useTranslation } from '../../i18n/react';
import { useSignedInApi } from '../accounts/signed-in-api';

type Person = contract.PersonDetail;
type RoleName = 'staff' | 'admin' | 'group_owner';

// A fresh key per adjustment form: a double click or a retry sends the same key, and the server
// adjusts once.
const newKey = () => crypto.randomUUID();

/** Runs one admin call at a time, with its outcome said politely; the API client toasts failures. */
function useAction(onChanged: () => void) {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const run = async (call: () => Promise<string>) => {
    setBusy(true);
    setSaid('');
    try {
      setSaid(await call());
      onChanged();
    } catch {
      // The client showed why.
    } finally {
      setBusy(false);
    }
  };
  return { busy, said, run };
}

/** Block or unblock, sign out everywhere, adjust coins: support staff and admins. */
export function PersonActions({ person, onChanged }: { person: Person; onChanged: () => void }) {
  const { t } = useTranslation('people');
  const api = useSignedInApi();
  const { busy, said, run } = useAction(onChanged);
  const [asking, setAsking] = useState<'block' | 'signOut' | null>(null);
  const [key, setKey] = useState(newKey);
  const userId = Number(person.id);
  if (!person.may.support)
    return (
      <section className="card person-block">
        <h2>{t('actions.title')}</h2>
        <p className="muted small">{t('actions.supportOnly')}</p>
      </section>
    );
  const blocked = person.state === 'blocked';
  const setState = (state: 'active' | 'blocked') =>
    run(async () => {
      await api.call(ACCOUNTS_API.adminUpdateUser, { userId, state });
      return t(state === 'blocked' ? 'actions.blocked' : 'actions.unblocked');
    });
  const signOut = () =>
    run(async () => {
      const r = await api.call(CONSOLE_API.personSignOut, { userId });
      return t('actions.signedOut', { count: r.signedOut });
    });
  const adjust = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    void run(async () => {
      const r = await api.call(CONSOLE_API.personCoins, {
        userId,
        delta: Number(data.get('delta')),
        reason: String(data.get('reason') ?? ''),
        key,
      });
      form.reset();
      setKey(newKey());
      return t(r.applied ? 'coins.done' : 'coins.repeat', { coins: r.balance });
    });
  };
  const confirm = asking && (
    <div className="person-confirm" role="alertdialog" aria-labelledby="person-confirm-text">
      <p id="person-confirm-text">
        {asking === 'block' ? t('actions.confirmBlock', { name: person.nickname }) : t('actions.confirmSignOut', { name: person.nickname })}
      </p>
      <div className="btn-row">
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          onClick={() => {
            setAsking(null);
            void (asking === 'block' ? setState('blocked') : signOut());
          }}
        >
          {t('actions.confirm')}
        </button>
        <button type="button" className="btn btn-small btn-secondary" onClick={() => setAsking(null)}>
          {t('actions.cancel')}
        </button>
      </div>
    </div>
  );
  return (
    <section className="card person-block" aria-labelledby="person-actions">
      <h2 id="person-actions">{t('actions.title')}</h2>
      <div className="btn-row">
        {blocked ? (
          <button type="button" className="btn btn-small" disabled={busy} onClick={() => void setState('active')}>
            {t('actions.unblock')}
          </button>
        ) : (
          <button type="button" className="btn btn-small btn-danger" disabled={busy} onClick={() => setAsking('block')}>
            {t('actions.block')}
          </button>
        )}
        <button type="button" className="btn btn-small btn-secondary" disabled={busy} onClick={() => setAsking('signOut')}>
          {t('actions.signOut')}
        </button>
      </div>
      {confirm}
      <form className="person-coins" onSubmit={adjust}>
        <h3>{t('coins.adjust')}</h3>
        <label htmlFor="person-delta">{t('coins.amount')}</label>
        <input id="person-delta" name="delta" type="number" step={1} min={-1_000_000} max={1_000_000} required />
        <label htmlFor="person-reason">{t('coins.reason')}</label>
        <textarea id="person-reason" name="reason" minLength={3} maxLength={200} required rows={2} aria-describedby="person-reason-hint" />
        <p id="person-reason-hint" className="muted small">
          {t('coins.reasonHint')}
        </p>
        <button type="submit" className="btn btn-small" disabled={busy} aria-busy={busy}>
          {t('coins.submit')}
        </button>
      </form>
      <p className="person-said" role="status" aria-live="polite">
        {said}
      </p>
    </section>
  );
}

/** The member's roles; administrators grant and revoke them (through the accounts admin update). */
export function RolesEditor({ person, onChanged }: { person: Person; onChanged: () => void }) {
  const { t } = useTranslation('people');
  const api = useSignedInApi();
  const { busy, said, run } = useAction(onChanged);
  const userId = Number(person.id);
  const update = (change: { addRoles?: { role: RoleName; scope: string }[]; removeRoles?: { role: RoleName; scope: string }[] }) =>
    run(async () => {
      await api.call(ACCOUNTS_API.adminUpdateUser, { userId, ...change });
      return '';
    });
  const grant = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    void update({ addRoles: [{ role: data.get('role') as RoleName, scope: String(data.get('scope') ?? '').trim() }] });
  };
  return (
    <section className="card person-block" aria-labelledby="person-roles">
      <h2 id="person-roles">{t('roles.title')}</h2>
      {person.roles.length === 0 ? (
        <p className="muted">{t('roles.none')}</p>
      ) : (
        <ul className="person-list">
          {person.roles.map((r) => (
            <li key={`${r.role}-${r.scope}`}>
              <strong>{t(`roles.${r.role}` as 'roles.staff')}</strong> · <code>{r.scope}</code>{' '}
              {person.may.roles && (
                <button
                  type="button"
                  className="btn btn-small btn-secondary"
                  disabled={busy}
                  onClick={() => void update({ removeRoles: [{ role: r.role as RoleName, scope: r.scope }] })}
                >
                  {t('roles.revoke', { role: t(`roles.${r.role}` as 'roles.staff'), scope: r.scope })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {person.may.roles ? (
        <form className="person-grant" onSubmit={grant}>
          <label htmlFor="person-role">{t('roles.role')}</label>
          <select id="person-role" name="role" defaultValue="staff">
            <option value="staff">{t('roles.staff')}</option>
            <option value="admin">{t('roles.admin')}</option>
          </select>
          <label htmlFor="person-scope">{t('roles.scope')}</label>
          <input id="person-scope" name="scope" required maxLength={64} aria-describedby="person-scope-hint" />
          <p id="person-scope-hint" className="muted small">
            {t('roles.scopeHint')}
          </p>
          <button type="submit" className="btn btn-small" disabled={busy}>
            {t('roles.grant')}
          </button>
        </form>
      ) : (
        <p className="muted small">{t('roles.adminsOnly')}</p>
      )}
      {said && <p role="status">{said}</p>}
    </section>
  );
}
