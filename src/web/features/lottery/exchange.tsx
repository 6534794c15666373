import { useState } from 'react';
import type * as contract from '../../../shared/api/lottery';
import { LOTTERY_API } from '../../../shared/api/routes-lottery';
import { useTranslation } from '../../i18n/react';
import { useSignedInApi } from '../accounts/signed-in-api';

type Times = { remaining: number; coins: number };

/**
 * Out of draws: buy one with coins (spec §7 exchangeLotteryTimes). The server refuses a short
 * balance with the spec's message ('Insufficient Cuvacoins…'), which the client shows.
 */
export function ExchangeButton(p: { lotteryId: string; cost: number; coins: number; onDone: (t: Times) => void }) {
  const { t } = useTranslation('lottery');
  const api = useSignedInApi();
  const [busy, setBusy] = useState(false);
  const exchange = async () => {
    setBusy(true);
    try {
      p.onDone(await api.call<typeof contract.exchangeLotteryTimes>(LOTTERY_API.exchangeLotteryTimes, { lotteryId: p.lotteryId }));
    } catch {
      // The client showed why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="raffle-exchange">
      <p className="muted small">{t('exchange.balance', { coins: p.coins })}</p>
      <button type="button" className="btn btn-small" disabled={busy} onClick={() => void exchange()}>
        {t('exchange.button', { cost: p.cost })}
      </button>
    </div>
  );
}
