import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { LockIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import { openLogin } from '../accounts/login-store';
import type { SignedInData } from '../accounts/use-signed-in-data';

/**
 * The frame of a personal raffle page around its data: sign in first, a quiet placeholder while
 * loading, the reason when it failed, then `children(data)`. The server renders the placeholder.
 */
export function Personal<T>({
  state,
  title,
  children,
  ns = 'lottery',
}: {
  state: SignedInData<T>;
  title: string;
  children: (data: T) => ReactNode;
  /** Whose `signIn.button`, `signIn.text` and `loading` texts (the mall's pages reuse this frame). */
  ns?: 'lottery' | 'mall';
}) {
  const { t } = useTranslation(ns);
  if (state.status === 'ready') return <>{children(state.data)}</>;
  if (state.status === 'signedOut') {
    return (
      <StateView
        icon={<LockIcon />}
        title={title}
        actions={
          <button type="button" className="btn btn-block" onClick={() => openLogin()}>
            {t('signIn.button')}
          </button>
        }
      >
        <p className="muted">{t('signIn.text')}</p>
      </StateView>
    );
  }
  if (state.status === 'failed') {
    return (
      <StateView icon={<LockIcon />} title={title}>
        <p className="muted" role="alert">
          {state.message}
        </p>
      </StateView>
    );
  }
  return (
    <section className="card personal-loading" aria-busy="true">
      <h1>{title}</h1>
      <p className="muted">{t('loading')}</p>
    </section>
  );
}
