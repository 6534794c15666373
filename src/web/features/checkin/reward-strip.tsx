import { useTranslation } from '../../i18n/react';
import './check-in.css';

/**
 * The reward cycle as a row of days: those of the current streak done, the next one marked.
 * `streak` counts days in a row (today's check-in included once done).
 */
export function RewardStrip({ rewards, streak, checkedToday }: { rewards: number[]; streak: number; checkedToday: boolean }) {
  const { t } = useTranslation('campaigns');
  const cycle = rewards.length;
  // Days done in this round of the cycle, and the place of the next check-in (none once a round
  // is complete today: tomorrow starts the next round).
  const doneInRound = checkedToday ? ((streak - 1) % cycle) + 1 : streak % cycle;
  const next = checkedToday && doneInRound === cycle ? -1 : doneInRound;
  return (
    <ol className="reward-strip" aria-label={t('checkin.week')}>
      {rewards.map((coins, i) => {
        const state = i < doneInRound ? 'done' : i === next ? 'next' : 'later';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the days of the cycle are its positions
          <li key={i} className={`reward-day reward-${state}`} aria-current={state === 'next' ? 'step' : undefined}>
            <span className="reward-label">{t('checkin.day', { n: i + 1 })}</span>
            <span className="reward-coins">+{coins}</span>
          </li>
        );
      })}
    </ol>
  );
}
