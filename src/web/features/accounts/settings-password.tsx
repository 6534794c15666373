import { useState } from 'react';
import { ACCOUNTS_API } from '../../../shared/api/routes-accounts';
import { useTranslation } from '../../i18n/react';
import { FormEnd, NewPasswordField, PasswordField } from './form-parts';
import { FlowPanel, type FlowProps, isElevated, useFlowDone, VerifyStep } from './settings-flow';
import { useSignedInApi } from './signed-in-api';
import { useForm } from './use-form';

/**
 * Changing the password (the old one proves the user) or setting a first one (a code to the
 * user's phone/e-mail proves the user first).
 */
export function PasswordFlow({ me, verifiedUntil, onVerified, onClose }: FlowProps) {
  const { t } = useTranslation('accounts');
  const api = useSignedInApi();
  const done = useFlowDone(onClose);
  const form = useForm();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const title = me.hasPassword ? t('settings.changePassword') : t('settings.setPassword');

  const submit = form.onSubmit(async () => {
    if (me.hasPassword && !oldPassword) {
      form.fail('old', t('form.passwordRequired'));
      return;
    }
    const rules = await form.rules();
    if (!rules) return;
    if (!rules.isPasswordValid(password)) {
      form.fail('new', form.te('passwordRule'));
      return;
    }
    await form.attempt(async () => {
      await api.call(ACCOUNTS_API.changePassword, {
        ...(me.hasPassword ? { oldPassword } : {}),
        password,
      });
      await done(t('settings.passwordChanged'));
    });
  });

  let body: React.ReactNode;
  if (!me.hasPassword && !me.phone && !me.email) body = <p className="small">{t('settings.noVerifiable')}</p>;
  else if (!me.hasPassword && !isElevated(verifiedUntil)) body = <VerifyStep me={me} onVerified={onVerified} />;
  else
    body = (
      <form className="form" onSubmit={submit} noValidate>
        {me.hasPassword ? (
          <PasswordField
            label={t('form.oldPassword')}
            autoComplete="current-password"
            value={oldPassword}
            onChange={(e) => setOldPassword(e.target.value)}
            {...form.invalid('old')}
          />
        ) : null}
        <NewPasswordField value={password} onChange={(e) => setPassword(e.target.value)} {...form.invalid('new')} />
        <FormEnd form={form} label={t('settings.savePassword')} />
      </form>
    );
  return (
    <FlowPanel title={title} onClose={onClose}>
      {body}
    </FlowPanel>
  );
}
