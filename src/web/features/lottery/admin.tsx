import { lazy, Suspense, useState } from 'react';
import type * as contract from '../../../shared/api/lottery';
import type { MyPrizeView } from '../../../shared/api/lottery';
import { LOTTERY_API } from '../../../shared/api/routes-lottery';
import { formatCount } from '../../../shared/format';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { showToast } from '../../ui/toast';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useSignedInData } from '../accounts/use-signed-in-data';
import type { Route } from './+types/admin';
import { CampaignNotFound } from './activitys';
import { ScanIcon } from './icons';
import { Personal } from './personal-states';
import { PrizeCard } from './prize-card';
import { campaignPage, raffleBase } from './raffle-loader';

const Scanner = lazy(() => import('./scanner'));

/**
 * The campaign staff's page (`/activitys/admin?activeId=…`): the campaign's figures and prize
 * stock, and write-off of a winner's prize by scanning their QR code or typing the code. Only
 * staff of this campaign get the data (the server checks; others see its refusal).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const base = raffleBase(request, context);
  const code = base.url.searchParams.get('code');
  return campaignPage(base, 'admin.title', { code: code && /^[A-Za-z2-9]{12}$/.test(code) ? code.toUpperCase() : '' });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function RaffleAdmin({ loaderData }: Route.ComponentProps) {
  const { activeId, code } = loaderData;
  if (!activeId) return <CampaignNotFound />;
  return <Staff activeId={String(activeId)} initialCode={code} />;
}

function Staff({ activeId, initialCode }: { activeId: string; initialCode: string }) {
  const { t, locale } = useTranslation('lottery');
  const { state, reload } = useSignedInData(
    (api) => api.call<typeof contract.managerDataInfo>(LOTTERY_API.managerDataInfo, { lotteryId: activeId }, { quiet: true }),
    [activeId],
  );
  const n = (v: number) => formatCount(v, locale);
  return (
    <div className="raffle-page">
      <Personal state={state} title={t('admin.title')}>
        {(d) => (
          <>
            <h1 className="page-title">{t('admin.title')}</h1>
            <WriteOff activeId={activeId} initialCode={initialCode} onDone={reload} />
            <section className="card" aria-labelledby="admin-figures">
              <h2 id="admin-figures">{t('admin.figures')}</h2>
              <p>
                {t('figures.participants', { count: d.participants, n: n(d.participants) })} ·{' '}
                {t('figures.draws', { count: d.draws, n: n(d.draws) })}
              </p>
              <table className="raffle-odds">
                <thead>
                  <tr>
                    <th scope="col">{t('rules.prize')}</th>
                    <th scope="col">{t('admin.stockLeft')}</th>
                    <th scope="col">{t('admin.won')}</th>
                    <th scope="col">{t('admin.claimed')}</th>
                    <th scope="col">{t('admin.writtenOff')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.prizes.map((p) => (
                    <tr key={p.prize.id}>
                      <td>{p.prize.name}</td>
                      <td>{n(p.stockLeft)}</td>
                      <td>{n(p.won)}</td>
                      <td>{n(p.claimed)}</td>
                      <td>{n(p.writtenOff)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </>
        )}
      </Personal>
    </div>
  );
}

/** Check a code (typed or scanned), see what it stands for and whose it is, then write it off. */
function WriteOff({ activeId, initialCode, onDone }: { activeId: string; initialCode: string; onDone: () => void }) {
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
      setFound(await api.call<typeof contract.checkLottery>(LOTTERY_API.checkLottery, { id: value.trim(), activeId }));
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
      const done = await api.call<typeof contract.writeOffOperation>(LOTTERY_API.writeOffOperation, { code: found.redeemCode, activeId });
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
