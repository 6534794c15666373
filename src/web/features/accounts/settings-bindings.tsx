import { useState } from 'react';
import type { TMe } from '../../../shared/api/accounts';
import { ACCOUNTS_API } from '../../../shared/api/routes-accounts';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { CodeRow, FormEnd, RegionSelect, TextField } from './form-parts';
import { defaultRegion, type RegionId } from './regions';
import { FlowPanel, type FlowProps, isElevated, OwnCodeFields, type Panel, useFlowDone, VerifyStep } from './settings-flow';
import { PasswordFlow } from './settings-password';
import { useSignedInApi } from './signed-in-api';
import { useForm } from './use-form';
import './account.css';

/** The sign-in methods: phone and e-mail (link, change, unlink) and the password, with their panels. */
export function MethodsSection({ me, panel, setPanel }: { me: TMe; panel: Panel; setPanel: (p: Panel) => void }) {
  const { t } = useTranslation('accounts');
  const te = useTranslation('errors').t;
  /** Until when the session may change sign-in methods (verifyCurrent). */
  const [verifiedUntil, setVerifiedUntil] = useState(0);
  const methods = Number(Boolean(me.phone)) + Number(Boolean(me.email)) + Number(me.wechat);
  const common = { me, verifiedUntil, onVerified: setVerifiedUntil, onClose: () => setPanel(null) };

  const row = (type: 0 | 1) => {
    const value = type === 1 ? me.phone : me.email;
    return (
      <li className="method-row">
        <div>
          <span className="method-name">{type === 1 ? t('settings.phone') : t('settings.email')}</span>
          <span className="method-value">{value ?? t('settings.notLinked')}</span>
        </div>
        <div className="method-actions">
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setPanel({ kind: 'bind', type })}>
            {value ? t('settings.change') : t('settings.link')}
            <span className="visually-hidden"> {type === 1 ? t('settings.phone') : t('settings.email')}</span>
          </button>
          {value ? (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => setPanel({ kind: 'unbind', type })}
              disabled={methods <= 1}
              title={methods <= 1 ? te('lastIdentity') : undefined}
            >
              {t('settings.unlink')}
              <span className="visually-hidden"> {type === 1 ? t('settings.phone') : t('settings.email')}</span>
            </button>
          ) : null}
        </div>
      </li>
    );
  };

  return (
    <section className="card account-card" aria-labelledby="methods-title">
      <h2 id="methods-title">{t('settings.methods')}</h2>
      <ul className="method-list">
        {row(1)}
        {row(0)}
        <li className="method-row">
          <div>
            <span className="method-name">{t('settings.password')}</span>
            <span className="method-value">{me.hasPassword ? t('settings.passwordSet') : t('settings.passwordNotSet')}</span>
          </div>
          <div className="method-actions">
            <button type="button" className="btn btn-secondary btn-small" onClick={() => setPanel({ kind: 'password' })}>
              {me.hasPassword ? t('settings.changePassword') : t('settings.setPassword')}
            </button>
          </div>
        </li>
      </ul>
      {panel?.kind === 'bind' ? <BindFlow key={`b${panel.type}`} type={panel.type} {...common} /> : null}
      {panel?.kind === 'unbind' ? <UnbindFlow key={`u${panel.type}`} type={panel.type} {...common} /> : null}
      {panel?.kind === 'password' ? <PasswordFlow {...common} /> : null}
    </section>
  );
}

function BindFlow({ type, me, verifiedUntil, onVerified, onClose }: FlowProps & { type: 0 | 1 }) {
  const { t, locale } = useTranslation('accounts');
  const { config } = useApp();
  const api = useSignedInApi();
  const done = useFlowDone(onClose);
  const form = useForm();
  const [region, setRegion] = useState<RegionId>(() => defaultRegion(config.edition, locale));
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const current = type === 1 ? me.phone : me.email;
  const title =
    type === 1
      ? t(current ? 'settings.changePhoneTitle' : 'settings.linkPhoneTitle')
      : t(current ? 'settings.changeEmailTitle' : 'settings.linkEmailTitle');
  // The server asks for verification when the account has a phone or e-mail to verify with.
  const needsVerify = Boolean(me.phone || me.email) && !isElevated(verifiedUntil);

  const target = async () => {
    const rules = await form.rules();
    if (!rules) return null;
    const account = type === 1 ? rules.normalisePhone(value, region) : rules.normaliseEmail(value);
    if (!account) form.fail('account', form.te(type === 1 ? 'invalidPhone' : 'invalidEmail'));
    return account;
  };

  const send = form.sendCode(async () => {
    const account = await target();
    if (!account) return null;
    return api.call(ACCOUNTS_API.sendCode, { account, type, purpose: 3, ...(type === 1 ? { region } : {}) });
  });

  const submit = form.onSubmit(async () => {
    const account = await target();
    if (!account) return;
    const rules = await form.rules();
    if (!rules || !form.codeFits(rules, code)) return;
    await form.attempt(async () => {
      await api.call(ACCOUNTS_API.bind, { account, type, code, ...(type === 1 ? { region } : {}) });
      await done(t('settings.linked'));
    });
  });

  return (
    <FlowPanel title={title} onClose={onClose}>
      {needsVerify ? (
        <VerifyStep me={me} onVerified={onVerified} prefer={type} />
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          {me.phone || me.email ? <h4 className="step-title">{t('settings.newStep')}</h4> : null}
          <div className="field-row">
            {type === 1 ? <RegionSelect value={region} onChange={setRegion} /> : null}
            <TextField
              label={type === 1 ? t('settings.newPhone') : t('settings.newEmail')}
              type={type === 1 ? 'tel' : 'email'}
              inputMode={type === 1 ? 'tel' : 'email'}
              autoComplete={type === 1 ? 'tel-national' : 'email'}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              {...form.invalid('account')}
            />
          </div>
          <CodeRow form={form} code={code} onCode={setCode} send={send} />
          <FormEnd form={form} label={t('settings.bindSubmit')} />
        </form>
      )}
    </FlowPanel>
  );
}

function UnbindFlow({ type, me, verifiedUntil, onVerified, onClose }: FlowProps & { type: 0 | 1 }) {
  const { t } = useTranslation('accounts');
  const api = useSignedInApi();
  const done = useFlowDone(onClose);
  const form = useForm();
  const [code, setCode] = useState('');
  const title = type === 1 ? t('settings.unlinkPhoneTitle') : t('settings.unlinkEmailTitle');
  const other = type === 1 ? 0 : 1;

  const submit = form.onSubmit(async () => {
    const rules = await form.rules();
    if (!rules || !form.codeFits(rules, code)) return;
    await form.attempt(async () => {
      await api.call(ACCOUNTS_API.unbind, { type, code });
      await done(t('settings.unlinked'));
    }, 'code');
  });

  return (
    <FlowPanel title={title} onClose={onClose}>
      {isElevated(verifiedUntil) ? (
        <form className="form" onSubmit={submit} noValidate>
          <OwnCodeFields me={me} purpose={4} type={type} code={code} onCode={setCode} form={form} />
          <FormEnd form={form} label={t('settings.unlinkSubmit')} />
        </form>
      ) : (
        // Verifying with the other method (when there is one) proves both.
        <VerifyStep me={me} onVerified={onVerified} prefer={other} />
      )}
    </FlowPanel>
  );
}
