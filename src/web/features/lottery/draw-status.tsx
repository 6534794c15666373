import type { LotteryInfo } from '../../../shared/api/lottery';
import { useTranslation } from '../../i18n/react';
import { ExchangeButton } from './exchange';
import type { useDraw } from './use-draw';
import './raffle.css';

/** Under every look: the campaign closed, sign in, or the draws left (and buying one when out). */
export function DrawStatus({
  info,
  draw,
  unit = 'draws',
}: {
  info: LotteryInfo;
  draw: ReturnType<typeof useDraw>;
  unit?: 'draws' | 'boxes';
}) {
  const { t } = useTranslation('lottery');
  const { times } = draw;
  return (
    <div className="raffle-remaining" aria-live="polite">
      {!draw.open ? (
        <p className="muted">{t(`closed.${info.state as 'ended'}`)}</p>
      ) : !draw.signedIn ? (
        <p className="muted">{t('wheel.signInToDraw')}</p>
      ) : !times ? (
        <p>{'\u00a0'}</p>
      ) : (
        <>
          <p>{t(unit === 'boxes' ? 'box.remaining' : 'wheel.remaining', { count: times.remaining })}</p>
          {times.remaining === 0 && info.exchangeCost > 0 ? (
            <ExchangeButton lotteryId={info.id} cost={info.exchangeCost} coins={times.coins} onDone={draw.setTimes} />
          ) : null}
        </>
      )}
    </div>
  );
}
