import { lazy, Suspense, useState } from 'react';
import type { MyPrizeView } from '../../../shared/api/lottery';
import { LOTTERY_API } from '../../../shared/api/routes-lottery';
import { useTranslation } from '../../i18n/react';
import { showToast } from '../../ui/toast';
import { useSignedInApi } from '../accounts/signed-in-api';
import { ScanIcon } from './icons';
import { PrizeCard } from './prize-card';
import './raffle.css';

const Scanner = lazy(() => import('./scanner'));

/**
 * Staff write-off of a campaign's prize, shared by the campaign's staff page and the venues'
 * (`/<venue>/admin`): the server decides who may (campaign or venue staff).
 */
/** Check a code (typed or scanned), see what it stands for and whose it is, then write it off. */
export function WriteOff({ activeId, initialCode, onDone }: { activeId: string; initialCode: string; onDone: () => void }) {
  const { t } = useTranslation('lottery');
  const api = useSignedInApi();
  const [code, setCode] = useState(initialCode);
  const [scanning, setScanning] = useState(false);
  const [found, setFound] = useState<(MyPrizeView & { winner: string }) | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async (value: string) => {
    setBusy(true);
    setFound(null);
    try {
      setFound(await api.call(LOTTERY_API.checkLottery, { id: value.trim(), activeId }));
    } catch {
      // The client showed why ('The code is Error').
    } finally {
      setBusy(false);
    }
  };
  const writeOff = async () => {
    if (!found) return;
    setBusy(true);
    try {
      const done = await api.call(LOTTERY_API.writeOffOperation, { code: found.redeemCode, activeId });
      setFound({ ...done, winner: found.winner });
      showToast(t('admin.writtenOffToast'));
      onDone();
    } catch {
      // The client showed why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="admin-writeoff">
      <h2 id="admin-writeoff">{t('admin.writeOffTitle')}</h2>
      <form
        className="admin-code"
        onSubmit={(e) => {
          e.preventDefault();
          void check(code);
        }}
      >
        <div className="field">
          <label htmlFor="admin-code">{t('admin.code')}</label>
          <input
            id="admin-code"
            value={code}
            maxLength={12}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
          />
        </div>
        <div className="btn-row">
          <button type="submit" className="btn" disabled={busy || code.trim().length !== 12}>
            {t('admin.check')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setScanning(true)} disabled={scanning}>
            <ScanIcon className="btn-icon" /> {t('admin.scan')}
          </button>
        </div>
      </form>
      {scanning ? (
        <Suspense fallback={<p className="muted">{t('loading')}</p>}>
          <Scanner
            onClose={() => setScanning(false)}
            onCode={(c) => {
              setScanning(false);
              setCode(c);
              void check(c);
            }}
          />
        </Suspense>
      ) : null}
      {found ? (
        <PrizeCard win={found}>
          <p>
            {t('admin.winner')} <strong>{found.winner}</strong>
          </p>
          {found.state === 'written_off' ? (
            <p className="notice" role="status">
              {t('admin.alreadyWrittenOff')}
            </p>
          ) : (
            <button type="button" className="btn btn-block" disabled={busy} onClick={() => void writeOff()}>
              {t('admin.writeOff')}
            </button>
          )}
        </PrizeCard>
      ) : null}
    </section>
  );
}
