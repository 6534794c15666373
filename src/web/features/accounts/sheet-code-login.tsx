import { useState } from 'react';
import { ACCOUNTS_API } from '../../../shared/api/routes-accounts';
import { useApi } from '../../api/use-api';
import { useTranslation } from '../../i18n/react';
import { CodeRow, FormEnd, RegionSelect, TextField } from './form-parts';
import { useNumberRegion } from './number-region';
import { type RegionProps, sendAnonymousCode, useSentHint, useSignedInDone } from './sheet-parts';
import { useForm } from './use-form';

/** Signing in with a phone number and a code sent to it (the first sign-in registers). */
export function CodeLogin({ region, setRegion }: RegionProps) {
  const { t } = useTranslation('accounts');
  const api = useApi();
  const after = useSignedInDone();
  const form = useForm();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentHint, noteSent] = useSentHint();
  const numberRegion = useNumberRegion(region, setRegion);

  const checkedPhone = async () => {
    const rules = await form.rules();
    if (!rules) return null;
    const read = numberRegion.settle(rules, phone);
    const e164 = rules.normalisePhone(phone, read);
    if (!e164) form.fail('phone', form.te('invalidPhone'));
    return e164 ? { e164, rules, region: read } : null;
  };

  const send = form.sendCode(async () => {
    const checked = await checkedPhone();
    if (!checked) return null;
    const { e164 } = checked;
    const r = await sendAnonymousCode(api, { account: e164, type: 1, purpose: 6, region: checked.region });
    noteSent(e164, r);
    return r;
  });

  const submit = form.onSubmit(async () => {
    const checked = await checkedPhone();
    if (!checked) return;
    const { e164, rules, region: read } = checked;
    if (!form.codeFits(rules, code)) {
      form.codeRef.current?.focus();
      return;
    }
    await form.attempt(
      async () => {
        const session = await api.call(ACCOUNTS_API.quickLogin, { account: e164, type: 1, code, region: read });
        await after.done(session, { method: 'code', region: read });
      },
      'code',
      after.refused,
    );
  });

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="small muted">{t('sheet.codeIntro')}</p>
      <div className="field-row">
        <RegionSelect value={region} onChange={numberRegion.choose} />
        <TextField
          label={t('form.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={phone}
          onChange={(e) => {
            setPhone(e.target.value);
            numberRegion.typed(e.target.value);
          }}
          {...form.invalid('phone')}
        />
      </div>
      {numberRegion.note}
      <CodeRow form={form} code={code} onCode={setCode} send={send} />
      {sentHint}
      <FormEnd form={form} label={form.busy ? t('form.busy') : t('sheet.submit')} />
    </form>
  );
}
