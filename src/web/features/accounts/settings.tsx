import { useEffect, useId, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type * as contract from '../../../shared/api/accounts';
import type { TMe } from '../../../shared/api/accounts';
import { ACCOUNTS_API } from '../../../shared/api/routes';
import { useApi } from '../../api/use-api';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { paths } from '../../paths';
import { headTags } from '../../seo';
import { LockIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import { showToast } from '../../ui/toast';
import type { Route } from './+types/settings';
import {
  CodeInput,
  FormError,
  invalidProps,
  PasswordField,
  type Problem,
  problemOf,
  RegionSelect,
  resendWait,
  SendCodeButton,
  TextField,
} from './form-parts';
import { loadRules, rulesOr, useRules } from './lazy-rules';
import { openLogin, sessionChanged } from './login-store';
import { defaultRegion, type RegionId } from './regions';
import { clearSession, useSignedInApi } from './signed-in-api';

/** The cooling-off period the cancellation notice promises (ACCOUNT_CANCEL_COOLING_DAYS on the server). */
const COOLING_DAYS = 15;

/**
 * The signed-in user, read on the server. A token the server no longer accepts (expired, revoked,
 * another user's id) is the same as being signed out here; the page then clears the cookies.
 * Personal: no public cache headers (the default `private, no-cache` applies), no index.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['accounts']);
  let me: TMe | null = null;
  let stale = false;
  try {
    const user = await context.services.accounts.authenticate(context.ctx);
    if (user) me = await context.services.accounts.me(user.userId);
  } catch (err) {
    // AppError (codes 4/5: the session is gone); anything else is a real failure.
    if (!(err instanceof Error && err.name === 'AppError')) throw err;
    stale = true;
  }
  return {
    i18n: base.i18n,
    me,
    stale,
    head: {
      title: base.t('accounts', 'settings.metaTitle'),
      description: base.t('accounts', 'settings.metaDescription'),
      canonical: base.canonical,
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { me, stale } = loaderData;
  const api = useApi();
  const [deleteAfter, setDeleteAfter] = useState<number | null>(null);

  useEffect(() => {
    if (me) void loadRules().catch(() => {});
  }, [me]);

  useEffect(() => {
    if (stale) void clearSession(api);
    // The header follows what the server found (e.g. a session ended on another device).
    else sessionChanged();
  }, [stale, api]);

  return me ? <SignedIn me={me} onDeleted={setDeleteAfter} /> : <SignedOut deleteAfter={deleteAfter} />;
}

function SignedOut({ deleteAfter }: { deleteAfter: number | null }) {
  const { t, locale } = useTranslation('accounts');
  return (
    <>
      {deleteAfter ? (
        <p className="card form-notice" role="status">
          {t('settings.deleteDone', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(deleteAfter) })}
        </p>
      ) : null}
      <StateView
        icon={<LockIcon />}
        title={t('settings.signedOutTitle')}
        actions={
          <button type="button" className="btn btn-block" onClick={() => openLogin()}>
            {t('settings.signIn')}
          </button>
        }
      >
        <p className="muted">{t('settings.signedOutText')}</p>
      </StateView>
    </>
  );
}

type Panel = { kind: 'bind'; type: 0 | 1 } | { kind: 'unbind'; type: 0 | 1 } | { kind: 'password' } | { kind: 'delete' } | null;

function SignedIn({ me, onDeleted }: { me: TMe; onDeleted: (deleteAfter: number) => void }) {
  const { t } = useTranslation('accounts');
  const te = useTranslation('errors').t;
  const [panel, setPanel] = useState<Panel>(null);
  /** Until when the session may change sign-in methods (verifyCurrent). */
  const [verifiedUntil, setVerifiedUntil] = useState(0);
  const methods = Number(Boolean(me.phone)) + Number(Boolean(me.email)) + Number(me.wechat);
  const close = () => setPanel(null);
  const common = { me, verifiedUntil, onVerified: setVerifiedUntil, onClose: close };

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
    <>
      <section className="card account-card account-head">
        <Avatar me={me} />
        <div>
          <h1>{t('settings.title')}</h1>
          <p className="muted small">{t('settings.accountId', { id: me.userId })}</p>
        </div>
      </section>

      <ProfileForm me={me} />

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

      <Sessions />

      <section className="card account-card" aria-labelledby="delete-title">
        <h2 id="delete-title">{t('settings.deleteTitle')}</h2>
        <p className="small muted">{t('settings.deleteText', { days: COOLING_DAYS })}</p>
        <p className="small">
          <Link to={paths.legal.cancellation}>{t('settings.deleteNotice')}</Link>
        </p>
        {panel?.kind === 'delete' ? (
          <DeleteFlow me={me} onClose={close} onDeleted={onDeleted} />
        ) : (
          <button type="button" className="btn btn-danger-outline btn-block" onClick={() => setPanel({ kind: 'delete' })}>
            {t('settings.deleteStart')}
          </button>
        )}
      </section>
    </>
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

function ProfileForm({ me }: { me: TMe }) {
  const { t } = useTranslation('accounts');
  const te = useTranslation('errors').t;
  const api = useSignedInApi();
  const revalidator = useRevalidator();
  const [nickname, setNickname] = useState(me.nickname);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  useEffect(() => setNickname(me.nickname), [me.nickname]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const value = nickname.trim();
    if (!value) {
      setProblem({ field: 'nickname', message: t('settings.nicknameRequired') });
      return;
    }
    setBusy(true);
    try {
      await api.call<typeof contract.updateProfile>(ACCOUNTS_API.updateProfile, { nickname: value });
      showToast(t('settings.saved'));
      await revalidator.revalidate();
    } catch (err) {
      setProblem(problemOf(err, te('unknown')));
    } finally {
      setBusy(false);
    }
  };

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
          {...invalidProps(problem, 'nickname', errorId)}
        />
        <button type="submit" className="btn" disabled={busy || nickname.trim() === me.nickname}>
          {t('settings.save')}
        </button>
      </form>
      <FormError problem={problem} id={errorId} />
    </section>
  );
}

interface FlowProps {
  me: TMe;
  verifiedUntil: number;
  onVerified: (until: number) => void;
  onClose: () => void;
}

/** The current phone/e-mail a code can go to: phone first, unless `prefer` says otherwise. */
function ownTypes(me: TMe, prefer?: 0 | 1): (0 | 1)[] {
  const types = [me.phone ? 1 : null, me.email ? 0 : null].filter((v): v is 0 | 1 => v !== null);
  return prefer !== undefined && types.includes(prefer) ? [prefer, ...types.filter((x) => x !== prefer)] : types;
}

/**
 * A code sent to the user's own phone or e-mail (purposes 2, 4, 5: the server picks the
 * destination). With both, the user chooses where it goes.
 */
function OwnCodeFields(props: {
  me: TMe;
  purpose: 2 | 4 | 5;
  type: 0 | 1;
  onType?: (t: 0 | 1) => void;
  code: string;
  onCode: (c: string) => void;
  problem: Problem | null;
  setProblem: (p: Problem | null) => void;
  errorId: string;
}) {
  const { t } = useTranslation('accounts');
  const te = useTranslation('errors').t;
  const api = useSignedInApi();
  const codeRef = useRef<HTMLInputElement>(null);
  const selectId = useId();
  const destination = (props.type === 1 ? props.me.phone : props.me.email) ?? '';
  const choices = ownTypes(props.me);

  const send = async () => {
    props.setProblem(null);
    try {
      // The server sends to the account's own phone/e-mail; `account` only has to be present.
      const r = await api.call<typeof contract.sendCode>(ACCOUNTS_API.sendCode, {
        account: destination,
        type: props.type,
        purpose: props.purpose,
      });
      codeRef.current?.focus();
      return r.resendAfterSeconds;
    } catch (err) {
      props.setProblem(problemOf(err, te('unknown')));
      return resendWait(err);
    }
  };

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
      <div className="field-row field-row-code">
        <CodeInput ref={codeRef} value={props.code} onValue={props.onCode} {...invalidProps(props.problem, 'code', props.errorId)} />
        <SendCodeButton key={`${props.purpose}-${props.type}`} send={send} />
      </div>
    </>
  );
}

/** Step 1 of binding changes: a purpose-5 code proves the current phone/e-mail. */
function VerifyStep({ me, onVerified, prefer }: { me: TMe; onVerified: (until: number) => void; prefer?: 0 | 1 }) {
  const { t } = useTranslation('accounts');
  const te = useTranslation('errors').t;
  const api = useSignedInApi();
  const [type, setType] = useState<0 | 1>(() => ownTypes(me, prefer)[0] ?? 1);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const rules = await rulesOr(setProblem, te('noResponse'));
    if (!rules) return;
    if (!rules.isCodeFormat(code)) {
      setProblem({ field: 'code', message: te('codeFormat') });
      return;
    }
    setBusy(true);
    try {
      const r = await api.call<typeof contract.verifyCurrent>(ACCOUNTS_API.verifyCurrent, { type, code });
      onVerified(r.verifiedUntil);
    } catch (err) {
      setProblem({ ...problemOf(err, te('unknown')), field: 'code' });
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <h4 className="step-title">{t('settings.verifyStep')}</h4>
      <OwnCodeFields
        me={me}
        purpose={5}
        type={type}
        onType={setType}
        code={code}
        onCode={setCode}
        problem={problem}
        setProblem={setProblem}
        errorId={errorId}
      />
      <FormError problem={problem} id={errorId} />
      <button type="submit" className="btn btn-block" disabled={busy}>
        {t('settings.verifySubmit')}
      </button>
    </form>
  );
}

/** A panel under the list of methods, with its own heading and a way out. */
function FlowPanel({ title, onClose, children }: { title: string; onClose: () => void; children: React.ReactNode }) {
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

const isElevated = (until: number) => until > Date.now();

function BindFlow({ type, me, verifiedUntil, onVerified, onClose }: FlowProps & { type: 0 | 1 }) {
  const { t, locale } = useTranslation('accounts');
  const te = useTranslation('errors').t;
  const { config } = useApp();
  const api = useSignedInApi();
  const revalidator = useRevalidator();
  const [region, setRegion] = useState<RegionId>(() => defaultRegion(config.edition, locale));
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const current = type === 1 ? me.phone : me.email;
  const title =
    type === 1
      ? t(current ? 'settings.changePhoneTitle' : 'settings.linkPhoneTitle')
      : t(current ? 'settings.changeEmailTitle' : 'settings.linkEmailTitle');
  // The server asks for verification when the account has a phone or e-mail to verify with.
  const needsVerify = Boolean(me.phone || me.email) && !isElevated(verifiedUntil);

  const target = async () => {
    const rules = await rulesOr(setProblem, te('noResponse'));
    if (!rules) return null;
    const account = type === 1 ? rules.normalisePhone(value, region) : rules.normaliseEmail(value);
    if (!account) setProblem({ field: 'account', message: te(type === 1 ? 'invalidPhone' : 'invalidEmail') });
    return account;
  };

  const send = async () => {
    setProblem(null);
    const account = await target();
    if (!account) return null;
    try {
      const r = await api.call<typeof contract.sendCode>(ACCOUNTS_API.sendCode, {
        account,
        type,
        purpose: 3,
        ...(type === 1 ? { region } : {}),
      });
      codeRef.current?.focus();
      return r.resendAfterSeconds;
    } catch (err) {
      setProblem(problemOf(err, te('unknown')));
      return resendWait(err);
    }
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const account = await target();
    if (!account) return;
    const rules = await rulesOr(setProblem, te('noResponse'));
    if (!rules) return;
    if (!rules.isCodeFormat(code)) {
      setProblem({ field: 'code', message: te('codeFormat') });
      return;
    }
    setBusy(true);
    try {
      await api.call<typeof contract.bind>(ACCOUNTS_API.bind, { account, type, code, ...(type === 1 ? { region } : {}) });
      showToast(t('settings.linked'));
      onClose();
      await revalidator.revalidate();
    } catch (err) {
      setProblem(problemOf(err, te('unknown')));
      setBusy(false);
    }
  };

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
              {...invalidProps(problem, 'account', errorId)}
            />
          </div>
          <div className="field-row field-row-code">
            <CodeInput ref={codeRef} value={code} onValue={setCode} {...invalidProps(problem, 'code', errorId)} />
            <SendCodeButton send={send} />
          </div>
          <FormError problem={problem} id={errorId} />
          <button type="submit" className="btn btn-block" disabled={busy}>
            {t('settings.bindSubmit')}
          </button>
        </form>
      )}
    </FlowPanel>
  );
}

function UnbindFlow({ type, me, verifiedUntil, onVerified, onClose }: FlowProps & { type: 0 | 1 }) {
  const { t } = useTranslation('accounts');
  const te = useTranslation('errors').t;
  const api = useSignedInApi();
  const revalidator = useRevalidator();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const title = type === 1 ? t('settings.unlinkPhoneTitle') : t('settings.unlinkEmailTitle');
  const other = type === 1 ? 0 : 1;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const rules = await rulesOr(setProblem, te('noResponse'));
    if (!rules) return;
    if (!rules.isCodeFormat(code)) {
      setProblem({ field: 'code', message: te('codeFormat') });
      return;
    }
    setBusy(true);
    try {
      await api.call<typeof contract.unbind>(ACCOUNTS_API.unbind, { type, code });
      showToast(t('settings.unlinked'));
      onClose();
      await revalidator.revalidate();
    } catch (err) {
      setProblem({ ...problemOf(err, te('unknown')), field: 'code' });
      setBusy(false);
    }
  };

  return (
    <FlowPanel title={title} onClose={onClose}>
      {isElevated(verifiedUntil) ? (
        <form className="form" onSubmit={submit} noValidate>
          <OwnCodeFields
            me={me}
            purpose={4}
            type={type}
            code={code}
            onCode={setCode}
            problem={problem}
            setProblem={setProblem}
            errorId={errorId}
          />
          <FormError problem={problem} id={errorId} />
          <button type="submit" className="btn btn-block" disabled={busy}>
            {t('settings.unlinkSubmit')}
          </button>
        </form>
      ) : (
        // Verifying with the other method (when there is one) proves both.
        <VerifyStep me={me} onVerified={onVerified} prefer={other} />
      )}
    </FlowPanel>
  );
}

function PasswordFlow({ me, verifiedUntil, onVerified, onClose }: FlowProps) {
  const { t, locale } = useTranslation('accounts');
  const te = useTranslation('errors').t;
  const api = useSignedInApi();
  const revalidator = useRevalidator();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const rule = useRules()?.passwordRule(locale);
  const title = me.hasPassword ? t('settings.changePassword') : t('settings.setPassword');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (me.hasPassword && !oldPassword) {
      setProblem({ field: 'old', message: t('form.passwordRequired') });
      return;
    }
    const rules = await rulesOr(setProblem, te('noResponse'));
    if (!rules) return;
    if (!rules.isPasswordValid(password, locale)) {
      setProblem({ field: 'new', message: te('passwordRule') });
      return;
    }
    setBusy(true);
    try {
      await api.call<typeof contract.changePassword>(ACCOUNTS_API.changePassword, {
        ...(me.hasPassword ? { oldPassword } : {}),
        password,
      });
      showToast(t('settings.passwordChanged'));
      onClose();
      await revalidator.revalidate();
    } catch (err) {
      setProblem(problemOf(err, te('unknown')));
      setBusy(false);
    }
  };

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
            {...invalidProps(problem, 'old', errorId)}
          />
        ) : null}
        <PasswordField
          label={t('form.newPassword')}
          autoComplete="new-password"
          hint={rule ? t('form.passwordHint', rule) : undefined}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          {...invalidProps(problem, 'new', errorId)}
        />
        <FormError problem={problem} id={errorId} />
        <button type="submit" className="btn btn-block" disabled={busy}>
          {t('settings.savePassword')}
        </button>
      </form>
    );
  return (
    <FlowPanel title={title} onClose={onClose}>
      {body}
    </FlowPanel>
  );
}

function Sessions() {
  const { t } = useTranslation('accounts');
  const api = useSignedInApi();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const run = async (everywhere: boolean) => {
    setBusy(true);
    try {
      if (everywhere) await api.call<typeof contract.logoutAll>(ACCOUNTS_API.logoutAll);
      else await api.call<typeof contract.logout>(ACCOUNTS_API.logout);
      sessionChanged();
      showToast(everywhere ? t('settings.signedOutAll') : t('settings.signedOut'));
      await revalidator.revalidate();
    } catch {
      // The client has shown the reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card account-card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('settings.sessions')}</h2>
      <div className="btn-row">
        <button type="button" className="btn btn-secondary btn-block" disabled={busy} onClick={() => void run(false)}>
          {t('settings.signOut')}
        </button>
        <button type="button" className="btn btn-secondary btn-block" disabled={busy} onClick={() => void run(true)}>
          {t('settings.signOutAll')}
        </button>
      </div>
      <p className="small muted">{t('settings.signOutAllText')}</p>
    </section>
  );
}

function DeleteFlow({ me, onClose, onDeleted }: { me: TMe; onClose: () => void; onDeleted: (deleteAfter: number) => void }) {
  const { t } = useTranslation('accounts');
  const te = useTranslation('errors').t;
  const api = useSignedInApi();
  const revalidator = useRevalidator();
  const [confirmed, setConfirmed] = useState(false);
  const [type, setType] = useState<0 | 1>(() => ownTypes(me)[0] ?? 1);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (!confirmed) {
      setProblem({ field: 'confirm', message: t('settings.deleteConfirmRequired') });
      return;
    }
    const rules = await rulesOr(setProblem, te('noResponse'));
    if (!rules) return;
    if (!rules.isCodeFormat(code)) {
      setProblem({ field: 'code', message: te('codeFormat') });
      return;
    }
    setBusy(true);
    try {
      const r = await api.call<typeof contract.cancel>(ACCOUNTS_API.cancel, { type, code });
      // The server ended every session and cleared the cookies.
      sessionChanged();
      onDeleted(r.deleteAfter);
      await revalidator.revalidate();
    } catch (err) {
      setProblem(problemOf(err, te('unknown')));
      setBusy(false);
    }
  };

  if (!me.phone && !me.email) {
    return (
      <FlowPanel title={t('settings.deleteTitle')} onClose={onClose}>
        <p className="small">{t('settings.noVerifiable')}</p>
      </FlowPanel>
    );
  }
  return (
    <FlowPanel title={t('settings.deleteStart')} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <label className="check">
          <input
            type="checkbox"
            checked={confirmed}
            onChange={(e) => setConfirmed(e.target.checked)}
            {...invalidProps(problem, 'confirm', errorId)}
          />
          {t('settings.deleteConfirm')}
        </label>
        <OwnCodeFields
          me={me}
          purpose={2}
          type={type}
          onType={setType}
          code={code}
          onCode={setCode}
          problem={problem}
          setProblem={setProblem}
          errorId={errorId}
        />
        <FormError problem={problem} id={errorId} />
        <button type="submit" className="btn btn-danger btn-block" disabled={busy}>
          {t('settings.deleteSubmit')}
        </button>
      </form>
    </FlowPanel>
  );
}
