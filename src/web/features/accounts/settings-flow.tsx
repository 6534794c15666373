import { useEffect, useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { TMe } from '../../../shared/api/accounts';
import { ACCOUNTS_API } from '../../../shared/api/routes-accounts';
import { useTranslation } from '../../i18n/react';
import { showToast } from '../../ui/toast';
import { CodeRow, FormEnd } from './form-parts';
import { useSignedInApi } from './signed-in-api';
import { type Form, useForm } from './use-form';
import './account.css';

/** Pieces shared by the account page's panels (bindings, password, cancellation). */

/** The one panel open on the account page. */
export type Panel = { kind: 'bind'; type: 0 | 1 } | { kind: 'unbind'; type: 0 | 1 } | { kind: 'password' } | { kind: 'delete' } | null;

export interface FlowProps {
  me: TMe;
  verifiedUntil: number;
  onVerified: (until: number) => void;
  onClose: () => void;
}

export const isElevated = (until: number) => until > Date.now();

/** The current phone/e-mail a code can go to: phone first, unless `prefer` says otherwise. */
export function ownTypes(me: TMe, prefer?: 0 | 1): (0 | 1)[] {
  const types = [me.phone ? 1 : null, me.email ? 0 : null].filter((v): v is 0 | 1 => v !== null);
  return prefer !== undefined && types.includes(prefer) ? [prefer, ...types.filter((x) => x !== prefer)] : types;
}

/** After a change: its message, the panel closes and the page reloads its data. */
export function useFlowDone(onClose: () => void) {
  const revalidator = useRevalidator();
  return async (message: string) => {
    showToast(message);
    onClose();
    await revalidator.revalidate();
  };
}

/**
 * A code sent to the user's own phone or e-mail (purposes 2, 4, 5: the server picks the
 * destination). With both, the user chooses where it goes.
 */
export function OwnCodeFields(props: {
  me: TMe;
  purpose: 2 | 4 | 5;
  type: 0 | 1;
  onType?: (t: 0 | 1) => void;
  code: string;
  onCode: (c: string) => void;
  form: Form;
}) {
  const { t } = useTranslation('accounts');
  const api = useSignedInApi();
  const selectId = useId();
  const destination = (props.type === 1 ? props.me.phone : props.me.email) ?? '';
  const choices = ownTypes(props.me);

  // The server sends to the account's own phone/e-mail; `account` only has to be present.
  const send = props.form.sendCode(() =>
    api.call(ACCOUNTS_API.sendCode, { account: destination, type: props.type, purpose: props.purpose }),
  );

  return (
    <>
      {props.onType && choices.length > 1 ? (
        <div className="field">
          <label htmlFor={selectId}>{t('settings.verifyWith')}</label>
          <select id={selectId} value={props.type} onChange={(e) => props.onType?.(Number(e.target.value) as 0 | 1)}>
            {choices.map((c) => (
              <option key={c} value={c}>
                {c === 1 ? props.me.phone : props.me.email}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <p className="small muted">
        {props.purpose === 4 ? t('settings.unlinkText', { destination }) : t('settings.verifyText', { destination })}
      </p>
      <CodeRow form={props.form} code={props.code} onCode={props.onCode} send={send} sendKey={`${props.purpose}-${props.type}`} />
    </>
  );
}

/** Step 1 of binding changes: a purpose-5 code proves the current phone/e-mail. */
export function VerifyStep({ me, onVerified, prefer }: { me: TMe; onVerified: (until: number) => void; prefer?: 0 | 1 }) {
  const { t } = useTranslation('accounts');
  const api = useSignedInApi();
  const form = useForm();
  const [type, setType] = useState<0 | 1>(() => ownTypes(me, prefer)[0] ?? 1);
  const [code, setCode] = useState('');

  const submit = form.onSubmit(async () => {
    const rules = await form.rules();
    if (!rules || !form.codeFits(rules, code)) return;
    await form.attempt(async () => {
      const r = await api.call(ACCOUNTS_API.verifyCurrent, { type, code });
      onVerified(r.verifiedUntil);
    }, 'code');
  });

  return (
    <form className="form" onSubmit={submit} noValidate>
      <h4 className="step-title">{t('settings.verifyStep')}</h4>
      <OwnCodeFields me={me} purpose={5} type={type} onType={setType} code={code} onCode={setCode} form={form} />
      <FormEnd form={form} label={t('settings.verifySubmit')} />
    </form>
  );
}

/** A panel under the list of methods, with its own heading and a way out. */
export function FlowPanel({ title, onClose, children }: { title: string; onClose: () => void; children: React.ReactNode }) {
  const { t } = useTranslation('accounts');
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
    ref.current?.querySelector<HTMLElement>('input, select')?.focus({ preventScroll: true });
  }, []);
  return (
    <section className="flow-panel" aria-labelledby={headingId} ref={ref}>
      <h3 id={headingId}>{title}</h3>
      {children}
      <button type="button" className="link-button" onClick={onClose}>
        {t('settings.closePanel')}
      </button>
    </section>
  );
}
