import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { MODELER_API } from '../../../shared/api/routes-programmes';
import {
  BUDGET_MAX,
  IMAGE_MIMES,
  MAX_IMAGES,
  REQUEST_MAX,
  type RequestField,
  type RequestProblem,
  requestProblems,
} from '../../../shared/modeler-rules';
import { useTranslation } from '../../i18n/react';
import { whenSignedIn } from '../accounts/after-sign-in';
import { useSignedIn } from '../accounts/login-store';
import { useSignedInApi } from '../accounts/signed-in-api';
import { requestPath } from './modeler-loader';
import './modeler.css';

/** The file's bytes as base64 (the request travels as JSON). */
const base64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** The request form island: checked in the browser with the server's rules, then posted. */
export default function RequestForm() {
  const { t } = useTranslation('modeler');
  const signedIn = useSignedIn();
  if (!signedIn)
    return (
      <section className="card">
        <p>{t('signIn')}</p>
        <button type="button" className="btn btn-block" onClick={() => whenSignedIn('modeler-request', null, () => {})}>
          {t('signInButton')}
        </button>
      </section>
    );
  return <Form />;
}

function Form() {
  const { t } = useTranslation('modeler');
  const api = useSignedInApi();
  const navigate = useNavigate();
  const id = useId();
  const [values, setValues] = useState({ title: '', description: '', budget: '' });
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<Partial<Record<RequestField, RequestProblem>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const budget = values.budget.trim() === '' ? null : Number(values.budget);
    const found = requestProblems({ ...values, budget, images: files.map((f) => ({ size: f.size, type: f.type })) });
    setProblems(found);
    const first = (['title', 'description', 'budget', 'images'] as const).find((f) => found[f]);
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const images = await Promise.all(files.map(base64));
      const r = await api.call(MODELER_API.post, { ...values, budget: budget ?? 0, images });
      void navigate(requestPath(r.id));
    } catch {
      // The client showed why.
      setBusy(false);
    }
  };

  const problemOf = (name: RequestField) =>
    problems[name] ? (
      <p className="field-hint field-problem" id={`${id}-${name}-problem`}>
        {t(`problem.${problems[name]}`, {
          max: name === 'budget' ? BUDGET_MAX : name === 'images' ? MAX_IMAGES : REQUEST_MAX[name],
        })}
      </p>
    ) : null;
  const aria = (name: RequestField) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `${id}-${name}-problem` : undefined,
  });

  return (
    <form className="card modeler-form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title-h`}>
      <h2 id={`${id}-title-h`}>{t('formTitle')}</h2>
      <div className="field">
        <label htmlFor={`${id}-title`}>{t('field.title')}</label>
        <input
          type="text"
          maxLength={REQUEST_MAX.title}
          required
          value={values.title}
          onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
          {...aria('title')}
        />
        {problemOf('title')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>{t('field.description')}</label>
        <textarea
          rows={5}
          maxLength={REQUEST_MAX.description}
          required
          value={values.description}
          onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
          {...aria('description')}
        />
        {problemOf('description')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-budget`}>{t('field.budget')}</label>
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={BUDGET_MAX}
          step={1}
          required
          value={values.budget}
          onChange={(e) => setValues((v) => ({ ...v, budget: e.target.value }))}
          {...aria('budget')}
        />
        {problemOf('budget')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-images`}>{t('field.images')}</label>
        <input
          type="file"
          accept={IMAGE_MIMES.join(',')}
          multiple
          onChange={(e) => {
            const picked = [...(e.target.files ?? [])];
            setFiles((f) => [...f, ...picked]);
            e.target.value = '';
          }}
          {...aria('images')}
        />
        {files.length > 0 ? (
          <ul className="modeler-files">
            {files.map((f) => (
              <li key={`${f.name}-${f.size}-${f.lastModified}`} className="modeler-row">
                <span className="modeler-row-text">{f.name}</span>
                <button type="button" className="btn btn-small btn-secondary" onClick={() => setFiles((l) => l.filter((x) => x !== f))}>
                  {t('remove')}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {problemOf('images')}
      </div>
      <button type="submit" className="btn btn-block" disabled={busy}>
        {t('submit')}
      </button>
    </form>
  );
}
