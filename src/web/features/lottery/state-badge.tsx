import type { LotteryInfo } from '../../../shared/api/lottery';
import { useTranslation } from '../../i18n/react';
import { LocalTime } from '../../ui/local-time';
import './raffle.css';

/** Campaign states: not started (with its start date), ongoing, ended, restocking. */
export function StateBadge({ info }: { info: Pick<LotteryInfo, 'state' | 'startsAt'> }) {
  const { t } = useTranslation('lottery');
  return (
    <p className={`raffle-state raffle-state-${info.state}`}>
      {t(`state.${info.state}`)}
      {info.state === 'notStarted' ? (
        <>
          {' · '}
          <LocalTime at={info.startsAt} />
        </>
      ) : null}
    </p>
  );
}
