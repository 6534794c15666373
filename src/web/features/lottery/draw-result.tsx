import { Link } from 'react-router';
import type { DrawResultView } from '../../../shared/api/lottery';
import { WinState } from '../../../shared/enums';
import { useTranslation } from '../../i18n/react';
import { Dialog } from '../../ui/dialog';
import { PrizeImage } from './prize-image';
import { rafflePath } from './raffle-paths';

/** What a draw gave: the prize and what happens to it, or "no luck this time". */
export function DrawResult({ result, activeId, onClose }: { result: DrawResultView; activeId: string; onClose: () => void }) {
  // "Try again" only when there is a draw left to try with.
  const again = result.remaining > 0;
  const { t } = useTranslation('lottery');
  const prize = result.winState === WinState.win ? result.prize : null;
  if (!prize) {
    return (
      <Dialog title={t('result.noWinTitle')} onClose={onClose} className="draw-result">
        <p>{t('result.noWin')}</p>
        <div className="btn-row">
          <button type="button" className="btn btn-block" onClick={onClose}>
            {t(again ? 'result.again' : 'result.close')}
          </button>
        </div>
      </Dialog>
    );
  }
  const entity = prize.kind === 1;
  return (
    <Dialog title={t('result.winTitle')} onClose={onClose} className="draw-result draw-result-win">
      <PrizeImage url={prize.imageUrl} size="l" />
      <p className="draw-result-prize">{prize.name}</p>
      <p>{t(`result.kind${prize.kind as 1 | 2 | 3 | 4 | 5}`, { n: prize.value })}</p>
      <div className="btn-row">
        {entity && result.winId ? (
          <Link className="btn btn-block" to={rafflePath('confirmation-prize', { activeId, winId: result.winId })}>
            {t('result.claim')}
          </Link>
        ) : (
          <Link className="btn btn-block" to={rafflePath('my-prize', { activeId })}>
            {t('links.myPrize')}
          </Link>
        )}
        <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
          {t('result.close')}
        </button>
      </div>
    </Dialog>
  );
}
