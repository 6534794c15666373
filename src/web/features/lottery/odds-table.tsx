import type { LotteryInfo } from '../../../shared/api/lottery';
import { useTranslation } from '../../i18n/react';
import { PrizeImage } from './prize-image';

/** The published odds of every wheel segment (rules page), prizes first, then no prize. */
export function OddsTable({ segments }: { segments: LotteryInfo['segments'] }) {
  const { t, locale } = useTranslation('lottery');
  const e = useTranslation('enums');
  const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <table className="raffle-odds">
      <thead>
        <tr>
          <th scope="col">{t('rules.prize')}</th>
          <th scope="col">{t('rules.chance')}</th>
        </tr>
      </thead>
      <tbody>
        {/* A campaign where every draw wins (a blind box where each box holds a prize) publishes no "no prize" row. */}
        {segments
          .filter((s) => s.prize || s.oddsPercent > 0)
          .map((s) => (
            <tr key={s.prize?.id ?? 'none'}>
              <td>
                <span className="odds-prize">
                  {s.prize ? <PrizeImage url={s.prize.imageUrl} size="s" /> : null}
                  <span>
                    {s.prize ? s.prize.name : t('wheel.noPrize')}
                    {s.prize ? <span className="muted small"> · {e.t(`prizeKind.${s.prize.kind as 1 | 2 | 3 | 4 | 5}`)}</span> : null}
                  </span>
                </span>
              </td>
              <td>{pct.format(s.oddsPercent / 100)}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
