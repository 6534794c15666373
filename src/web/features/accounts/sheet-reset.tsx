import { useState } from 'react';
import { ACCOUNTS_API } from '../../../shared/api/routes-accounts';
import { useApi } from '../../api/use-api';
import { useTranslation } from '../../i18n/react';
import { CodeRow, FormEnd, NewPasswordField } from './form-parts';
import { useNumberRegion } from './number-region';
import { AccountField, checkedAccount, type RegionProps, sendAnonymousCode, useSentHint } from './sheet-parts';
import { useForm } from './use-form';

/** A forgotten password: a code to the phone or e-mail, and a new password. */
export function ResetForm({
  region,
  setRegion,
  initialAccount,
  onDone,
  onBack,
}: RegionProps & { initialAccount: string; onDone: (account: string) => void; onBack: () => void }) {
  const { t } = useTranslation('accounts');
  const api = useApi();
  const form = useForm();
  const [account, setAccount] = useState(initialAccount);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [sentHint, noteSent] = useSentHint();
  const numberRegion = useNumberRegion(region, setRegion);

  const checked = async () => {
    const valid = await checkedAccount(form, account, numberRegion);
    if (!valid) return null;
    const { read, rules } = valid;
    return { target: { ...read, ...(read.type === 1 ? { region: valid.region } : {}) }, rules };
  };

  const send = form.sendCode(async () => {
    const target = (await checked())?.target;
    if (!target) return null;
    const r = await sendAnonymousCode(api, { ...target, purpose: 1 });
    noteSent(target.account, r);
    return r;
  });

  const submit = form.onSubmit(async () => {
    const valid = await checked();
    if (!valid) return;
    const { target, rules } = valid;
    if (!form.codeFits(rules, code)) return;
    if (!rules.isPasswordValid(password)) {
      form.fail('password', form.te('passwordRule'));
      return;
    }
    await form.attempt(async () => {
      await api.call(ACCOUNTS_API.resetPassword, { ...target, code, password });
      onDone(account);
    });
  });

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="small muted">{t('reset.intro')}</p>
      <AccountField numberRegion={numberRegion} account={account} setAccount={setAccount} form={form} />
      <CodeRow form={form} code={code} onCode={setCode} send={send} />
      {sentHint}
      <NewPasswordField value={password} onChange={(e) => setPassword(e.target.value)} {...form.invalid('password')} />
      <FormEnd form={form} label={form.busy ? t('form.busy') : t('reset.submit')} />
      <button type="button" className="link-button" onClick={onBack}>
        {t('reset.back')}
      </button>
    </form>
  );
}
