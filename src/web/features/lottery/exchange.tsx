import { useState } from 'react';
import { LOTTERY_API } from '../../../shared/api/routes-lottery';
import { useTranslation } from '../../i18n/react';
import { useSignedInApi } from '../accounts/signed-in-api';
import './raffle.css';

type Times = { remaining: number; coins: number };

/**
 * Out of draws: buy one with coins (exchangeLotteryTimes). The server refuses a short
 * balance with the spec's message ('Insufficient Cuvacoins…'), which the client shows.
 */
export function ExchangeButton(p: { lotteryId: string; cost: number; coins: number; onDone: (t: Times) => void }) {
  const { t } = useTranslation('lottery');
  const api = useSignedInApi();
  const [busy, setBusy] = useState(false);
  // Coins are money-like: spending them takes a second, explicit tap.
  const [asking, setAsking] = useState(false);
  const exchange = async () => {
    setBusy(true);
    setAsking(false);
    try {
      p.onDone(await api.call(LOTTERY_API.exchangeLotteryTimes, { lotteryId: p.lotteryId }));
    } catch {
      // The client showed why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="raffle-exchange">
      <p className="muted small">{t('exchange.balance', { coins: p.coins })}</p>
      {asking ? (
        <div className="raffle-exchange-ask">
          <p className="small">{t('exchange.ask', { cost: p.cost, coins: p.coins })}</p>
          <div className="btn-row">
            <button type="button" className="btn btn-small" onClick={() => void exchange()}>
              {t('exchange.confirm', { cost: p.cost })}
            </button>
            <button type="button" className="btn btn-small btn-secondary" onClick={() => setAsking(false)}>
              {t('exchange.notNow')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="btn btn-small" disabled={busy} aria-busy={busy} onClick={() => setAsking(true)}>
          {t('exchange.button', { cost: p.cost })}
        </button>
      )}
    </div>
  );
}
