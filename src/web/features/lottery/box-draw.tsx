import { useRef, useState } from 'react';
import type { LotteryInfo } from '../../../shared/api/lottery';
import { useTranslation } from '../../i18n/react';
import { useHydrated } from '../content/hydrated';
import { DrawResult } from './draw-result';
import { DrawStatus } from './draw-status';
import { useDraw } from './use-draw';
import './blind-box.css';

/** How long the opened box (or the landed planet) shows its prize before the result dialog. */
const REVEAL_MS = 900;
const BOXES = 9;

export type DrawLook = 'box' | 'planet';

/**
 * Other looks of a draw campaign on the same engine: a grid of blind boxes, one opened
 * per draw, or a planet launched per draw (happy planet). The prize is the server's; the look
 * only shows it: the chosen box shakes while the call runs, then opens on what was won.
 */
export default function BoxDraw({ info, look }: { info: LotteryInfo; look: DrawLook }) {
  const { t } = useTranslation('lottery');
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<number | null>(null);
  const [revealed, setRevealed] = useState<string | null>(null);
  const finishedRef = useRef<() => void>(() => {});
  const draw = useDraw(info, {
    start: () => setRevealed(null),
    stop: (segment) => {
      if (segment === null) {
        setChosen(null);
        return;
      }
      const prize = info.segments[segment]?.prize;
      setRevealed(prize ? prize.name : t('wheel.noPrize'));
      setTimeout(() => finishedRef.current(), REVEAL_MS);
    },
  });
  finishedRef.current = draw.finished;
  const disabled = !hydrated || !draw.open || draw.busy;
  const closeResult = () => {
    draw.closeResult();
    setChosen(null);
    setRevealed(null);
  };

  return (
    <section className={`raffle-look look-${look}`} aria-label={t(look === 'box' ? 'box.label' : 'planet.label')}>
      {look === 'box' ? (
        <div className="box-grid">
          {Array.from({ length: BOXES }, (_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions
              key={i}
              type="button"
              className={`blind-box${chosen === i ? (revealed ? ' box-open' : ' box-shaking') : ''}`}
              disabled={disabled}
              aria-label={t('box.open', { n: i + 1 })}
              onClick={() => {
                setChosen(i);
                draw.draw();
              }}
            >
              <span className="box-lid" aria-hidden="true" />
              <span className="box-body" aria-hidden="true" />
              {chosen === i && revealed ? <span className="box-prize">{revealed}</span> : null}
            </button>
          ))}
        </div>
      ) : (
        <div className="planet-stage">
          <div className={`planet${draw.busy && !revealed ? ' planet-flying' : ''}`} aria-hidden="true">
            <span className="planet-ring" />
          </div>
          {revealed ? <p className="planet-prize">{revealed}</p> : null}
          <button type="button" className="btn btn-block planet-launch" disabled={disabled} aria-busy={draw.busy} onClick={draw.draw}>
            {draw.busy ? t('planet.launching') : t('planet.launch')}
          </button>
        </div>
      )}
      <DrawStatus info={info} draw={draw} unit={look === 'box' ? 'boxes' : 'draws'} />
      {draw.result ? <DrawResult result={draw.result} activeId={info.id} onClose={closeResult} /> : null}
    </section>
  );
}
