import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { TMe } from '../../../shared/api/accounts';
import { ACCOUNTS_API } from '../../../shared/api/routes-accounts';
import { useTranslation } from '../../i18n/react';
import { showToast } from '../../ui/toast';
import { FormError, TextField } from './form-parts';
import { useSignedInApi } from './signed-in-api';
import { useForm } from './use-form';
import './account.css';

/** The account page's head: avatar, title and account id. */
export function AccountHead({ me }: { me: TMe }) {
  const { t } = useTranslation('accounts');
  return (
    <section className="card account-card account-head">
      <Avatar me={me} />
      <div>
        <h1>{t('settings.title')}</h1>
        <p className="muted small">{t('settings.accountId', { id: me.userId })}</p>
      </div>
    </section>
  );
}

function Avatar({ me }: { me: TMe }) {
  if (me.avatarUrl) return <img className="avatar" src={me.avatarUrl} alt="" width={64} height={64} />;
  return (
    <span className="avatar avatar-letter" aria-hidden="true">
      {Array.from(me.nickname)[0]?.toUpperCase() ?? '?'}
    </span>
  );
}

/** The nickname. */
export function ProfileForm({ me }: { me: TMe }) {
  const { t } = useTranslation('accounts');
  const api = useSignedInApi();
  const revalidator = useRevalidator();
  const form = useForm();
  const [nickname, setNickname] = useState(me.nickname);
  useEffect(() => setNickname(me.nickname), [me.nickname]);

  const submit = form.onSubmit(async () => {
    const value = nickname.trim();
    if (!value) {
      form.fail('nickname', t('settings.nicknameRequired'));
      return;
    }
    await form.attempt(async () => {
      await api.call(ACCOUNTS_API.updateProfile, { nickname: value });
      showToast(t('settings.saved'));
      await revalidator.revalidate();
    });
    // The form stays for the next change (after a refusal, attempt has freed it already).
    form.setBusy(false);
  });

  return (
    <section className="card account-card" aria-labelledby="profile-title">
      <h2 id="profile-title">{t('settings.profile')}</h2>
      <form className="form form-inline" onSubmit={submit} noValidate>
        <TextField
          label={t('settings.nickname')}
          value={nickname}
          maxLength={32}
          autoComplete="nickname"
          onChange={(e) => setNickname(e.target.value)}
          {...form.invalid('nickname')}
        />
        <button type="submit" className="btn" disabled={form.busy || nickname.trim() === me.nickname}>
          {t('settings.save')}
        </button>
      </form>
      <FormError problem={form.problem} id={form.errorId} />
    </section>
  );
}
