import { useId, useState } from 'react';
import { UNIVER_API } from '../../../shared/api/routes-programmes';
import type { UniverRegistration } from '../../../shared/api/univer';
import {
  graduationYears,
  REGISTRATION_MAX,
  type RegistrationField,
  type RegistrationProblem,
  type RegistrationTextField,
  registrationProblems,
} from '../../../shared/univer-rules';
import { useTranslation } from '../../i18n/react';
import { whenSignedIn } from '../accounts/after-sign-in';
import { loadRules } from '../accounts/lazy-rules';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useSignedInData } from '../accounts/use-signed-in-data';
import './univer.css';

const FIELDS: { name: RegistrationTextField; auto: string; type?: string }[] = [
  { name: 'fullName', auto: 'name' },
  { name: 'school', auto: 'organization' },
  { name: 'studentId', auto: 'off' },
  { name: 'major', auto: 'off' },
  { name: 'phone', auto: 'tel', type: 'tel' },
  { name: 'email', auto: 'email', type: 'email' },
];

/** The signed-in student's registration, or the form; signed-out visitors are asked to sign in. */
export default function Registration() {
  const { t } = useTranslation('univer');
  const { state, reload } = useSignedInData((api) => api.call(UNIVER_API.mine, undefined, { quiet: true }), []);
  if (state.status === 'signedOut')
    return (
      <section className="card">
        <p>{t('signIn')}</p>
        <button type="button" className="btn btn-block" onClick={() => whenSignedIn('univer', null, () => {})}>
          {t('signInButton')}
        </button>
      </section>
    );
  if (state.status === 'loading') return <section className="card" aria-busy="true" />;
  if (state.status === 'failed') return <p className="card notice">{state.message}</p>;
  return state.data ? <Registered r={state.data} /> : <RegistrationForm onDone={reload} />;
}

function Registered({ r }: { r: UniverRegistration }) {
  const { t } = useTranslation('univer');
  return (
    <section className="card" aria-labelledby="univer-done">
      <h2 id="univer-done">{t('doneTitle')}</h2>
      <p>{t('doneText')}</p>
      <dl className="univer-summary">
        {(['fullName', 'school', 'studentId', 'major', 'graduationYear', 'phone', 'email'] as const).map((k) => (
          <div key={k}>
            <dt>{t(`field.${k}`)}</dt>
            <dd>{r[k]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function RegistrationForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('univer');
  const api = useSignedInApi();
  const id = useId();
  const thisYear = new Date().getFullYear();
  const years = graduationYears(thisYear);
  const [values, setValues] = useState<Record<RegistrationTextField, string> & { graduationYear: string }>({
    fullName: '',
    school: '',
    studentId: '',
    major: '',
    phone: '',
    email: '',
    graduationYear: '',
  });
  const [problems, setProblems] = useState<Partial<Record<RegistrationField, RegistrationProblem>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const rules = await loadRules().catch(() => null);
    const fields = { ...values, graduationYear: values.graduationYear ? Number(values.graduationYear) : null };
    const found = registrationProblems(
      fields,
      {
        isPhone: (s) => (rules ? rules.normalisePhone(s) !== null : true),
        isEmail: (s) => (rules ? rules.normaliseEmail(s) !== null : true),
      },
      thisYear,
    );
    setProblems(found);
    const first = [...FIELDS.map((f) => f.name), 'graduationYear'].find((f) => found[f as RegistrationField]);
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await api.call(UNIVER_API.register, { ...values, graduationYear: Number(values.graduationYear) });
      onDone();
    } catch {
      // The client showed why (already registered, student id taken).
      setBusy(false);
    }
  };

  const problemOf = (name: RegistrationField, inputId: string) =>
    problems[name] ? (
      <p className="field-hint field-problem" id={`${inputId}-problem`}>
        {t(`problem.${problems[name]}`, {
          max: name === 'graduationYear' ? 0 : REGISTRATION_MAX[name],
          min: years.min,
          maxYear: years.max,
        })}
      </p>
    ) : null;
  const aria = (name: RegistrationField, inputId: string) => ({
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `${inputId}-problem` : undefined,
  });

  return (
    <form className="card univer-form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('formTitle')}</h2>
      {FIELDS.map((f) => {
        const inputId = `${id}-${f.name}`;
        return (
          <div className="field" key={f.name}>
            <label htmlFor={inputId}>{t(`field.${f.name}`)}</label>
            <input
              id={inputId}
              name={f.name}
              type={f.type ?? 'text'}
              autoComplete={f.auto}
              maxLength={REGISTRATION_MAX[f.name]}
              required
              value={values[f.name]}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
              {...aria(f.name, inputId)}
            />
            {problemOf(f.name, inputId)}
          </div>
        );
      })}
      <div className="field">
        <label htmlFor={`${id}-year`}>{t('field.graduationYear')}</label>
        <select
          id={`${id}-year`}
          name="graduationYear"
          required
          value={values.graduationYear}
          onChange={(e) => setValues((v) => ({ ...v, graduationYear: e.target.value }))}
          {...aria('graduationYear', `${id}-year`)}
        >
          <option value="">{t('chooseYear')}</option>
          {Array.from({ length: years.max - years.min + 1 }, (_, i) => years.min + i).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
        {problemOf('graduationYear', `${id}-year`)}
      </div>
      <button type="submit" className="btn btn-block" disabled={busy}>
        {t('submit')}
      </button>
    </form>
  );
}
