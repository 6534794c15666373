import { Fragment, type ReactNode, useEffect, useId, useState } from 'react';
import { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n/react';
import { useRules } from './lazy-rules';
import { dialOf, REGIONS, type RegionId } from './regions';
import type { Form } from './use-form';

/** Form pieces shared by the login sheet and the account page (both lazy: not in first-load code). */

/** A problem to show under a form; `field` names the input it is about (aria-invalid). */
export interface Problem {
  field: string | null;
  message: string;
}

/** Server refusals arrive translated by the API client (which also toasts them). */
export function problemOf(err: unknown, fallback: string): Problem {
  return { field: null, message: err instanceof ApiError ? err.message : fallback };
}

/** A message under a form, read out when it appears. */
export function FormError({ problem, id }: { problem: Problem | null; id: string }) {
  return (
    <p className="form-error" id={id} role="alert">
      {problem?.message ?? ''}
    </p>
  );
}

/** The end of a form: its problem, then its submit button (`className` for another look). */
export function FormEnd({ form, label, className = 'btn btn-block' }: { form: Form; label: string; className?: string }) {
  return (
    <>
      <FormError problem={form.problem} id={form.errorId} />
      <button type="submit" className={className} disabled={form.busy}>
        {label}
      </button>
    </>
  );
}

/** aria attributes of an input that may be the subject of the form's problem. */
export function invalidProps(problem: Problem | null, field: string, errorId: string) {
  return problem && problem.field === field ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
}

/**
 * The country/region of a phone number. Closed, it shows the calling code and a short name
 * ("+86 CN", "+886 台灣") that fits beside the number on a 320 px phone; the native select lies
 * invisible over it, so a tap opens the phone's own picker with the full names, and keyboards and
 * screen readers meet an ordinary select.
 */
export function RegionSelect({ value, onChange }: { value: RegionId; onChange: (v: RegionId) => void }) {
  const { t } = useTranslation('accounts');
  const id = useId();
  return (
    <div className="field field-region">
      <label htmlFor={id}>{t('regions.label')}</label>
      <div className="region-picker">
        <span className="region-value" aria-hidden="true">
          <b>{dialOf(value)}</b> {t(`regions.short.${value}`)}
        </span>
        <svg className="region-chevron" viewBox="0 0 24 24" aria-hidden="true">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <select id={id} value={value} onChange={(e) => onChange(e.target.value as RegionId)} autoComplete="tel-country-code">
          {REGIONS.map((r) => (
            <option key={r.id} value={r.id}>
              {`${r.dial} ${t(`regions.${r.id}`)}`}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** A labelled text input; extra props go to the input. */
export function TextField({
  label,
  hint,
  ...input
}: { label: string; hint?: ReactNode } & React.InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const describedBy = [input['aria-describedby'], hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-describedby={describedBy} />
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a "show password" switch. */
export function PasswordField(props: { label: string; hint?: ReactNode } & React.InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTranslation('accounts');
  const [shown, setShown] = useState(false);
  return (
    <div className="password-field">
      <TextField {...props} type={shown ? 'text' : 'password'} spellCheck={false} autoCapitalize="none" />
      <label className="check small">
        <input type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} />
        {t('form.showPassword')}
      </label>
    </div>
  );
}

/** A six-digit code input (the phone's keyboard offers the code from the SMS). */
export function CodeInput({
  value,
  onValue,
  ...rest
}: { value: string; onValue: (v: string) => void } & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
    ref?: React.Ref<HTMLInputElement>;
  }) {
  const { t } = useTranslation('accounts');
  return (
    <TextField
      label={t('form.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      {...rest}
      value={value}
      onChange={(e) => onValue(e.target.value.replace(/\D/g, '').slice(0, 6))}
    />
  );
}

/** A new password, with the rule once the rules have arrived. */
export function NewPasswordField(props: React.InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTranslation('accounts');
  const rule = useRules()?.PASSWORD_RULE;
  return (
    <PasswordField
      label={t('form.newPassword')}
      autoComplete="new-password"
      hint={rule ? t('form.passwordHint', rule) : undefined}
      {...props}
    />
  );
}

/** The form's code input and its "Send code" button; a new `sendKey` starts the button over. */
export function CodeRow({
  form,
  code,
  onCode,
  send,
  sendKey,
}: {
  form: Form;
  code: string;
  onCode: (c: string) => void;
  send: () => Promise<number | null>;
  sendKey?: string;
}) {
  return (
    <div className="field-row field-row-code">
      <CodeInput ref={form.codeRef} value={code} onValue={onCode} {...form.invalid('code')} />
      <SendCodeButton key={sendKey} send={send} />
    </div>
  );
}

/** Seconds left until `until` (epoch ms), ticking once a second. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * "Send code", then "Resend in N s" for as long as the server says (`resendAfterSeconds`, also
 * when it refuses a send as too soon). `send` returns the wait, or null when nothing was sent.
 */
export function SendCodeButton({ send, disabled }: { send: () => Promise<number | null>; disabled?: boolean }) {
  const { t } = useTranslation('accounts');
  const [until, setUntil] = useState(0);
  const [busy, setBusy] = useState(false);
  const left = useSecondsLeft(until);
  const click = async () => {
    setBusy(true);
    try {
      const wait = await send();
      if (wait) setUntil(Date.now() + wait * 1000);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-secondary btn-code" disabled={disabled || busy || left > 0} onClick={() => void click()}>
      {left > 0 ? t('form.resendIn', { seconds: left }) : t('form.sendCode')}
    </button>
  );
}

/** The wait a refused send asks for (result code "too soon" carries it). */
export function resendWait(err: unknown): number | null {
  const wait = err instanceof ApiError ? (err.result as { resendAfterSeconds?: unknown } | null)?.resendAfterSeconds : undefined;
  return typeof wait === 'number' ? wait : null;
}

/** A translated sentence with `{{name}}` slots filled by elements (links inside text). */
export function withSlots(text: string, slots: Record<string, ReactNode>): ReactNode {
  return text.split(/(\{\{\s*\w+\s*\}\})/).map((part, i) => {
    const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move.
    return <Fragment key={i}>{name && name in slots ? slots[name] : part}</Fragment>;
  });
}
