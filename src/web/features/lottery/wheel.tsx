import type { LuckyWheel } from 'lucky-canvas';
import { useEffect, useRef, useState } from 'react';
import type { LotteryInfo } from '../../../shared/api/lottery';
import { useTranslation } from '../../i18n/react';
import { useHydrated } from '../content/hydrated';
import { DrawResult } from './draw-result';
import { DrawStatus } from './draw-status';
import { useDraw } from './use-draw';
import { fittedWheelLabel } from './wheel-label';
import './raffle.css';

const COLOURS = ['#fff4e6', '#ffe0c2'];
const MIN_WHEEL_PX = 120;

const fitted = (label: string) => {
  const { text, size } = fittedWheelLabel(label);
  return { text, fontSize: `${size}px`, lineHeight: `${Math.round(size * 1.25)}px` };
};

/**
 * The lucky wheel (lucky-canvas) and its spin button. The server decides: the wheel spins while
 * the draw call is under way and stops on the segment the server answered; a refused or failed
 * call stops it at once without a result (the API client says why).
 */
export default function Wheel({ info }: { info: LotteryInfo }) {
  const { t } = useTranslation('lottery');
  const hydrated = useHydrated();
  const box = useRef<HTMLDivElement>(null);
  const wheel = useRef<LuckyWheel | null>(null);
  // The wheel that was set spinning by this draw. lucky-canvas ignores `stop` on a wheel that is
  // not spinning (and then never calls `end`): a wheel whose code arrived after the click, or one
  // drawn again mid-spin, must not be the one told to stop, or the result would never show.
  const spinning = useRef<LuckyWheel | null>(null);
  const draw = useDraw(info, {
    start: () => {
      spinning.current = wheel.current;
      spinning.current?.play();
    },
    stop: (segment) => {
      const spun = spinning.current;
      spinning.current = null;
      if (spun && spun === wheel.current) spun.stop(segment ?? -1);
      // Without a spinning wheel (its code was late or failed to load) the result shows at once.
      else if (segment !== null) finishedRef.current();
    },
  });
  // The wheel is drawn at its box's width; a turned or resized screen draws it again at the new
  // width (never mid-spin: that wheel must be the one told to stop).
  const [size, setSize] = useState(0);
  useEffect(() => {
    const frame = box.current?.parentElement;
    if (!frame || typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(() => {
      // A box narrower than the wheel's rims (mid-layout) has nothing to draw in.
      const width = Math.round(frame.clientWidth);
      if (!spinning.current && width >= MIN_WHEEL_PX) setSize(width);
    });
    watch.observe(frame);
    return () => watch.disconnect();
  }, []);
  const finishedRef = useRef(draw.finished);
  finishedRef.current = draw.finished;

  // The wheel is drawn again only when its labels change (not when the page re-renders mid-spin).
  const labels = info.segments.map((s) => (s.prize ? s.prize.name : t('wheel.noPrize')));
  const images = info.segments.map((s) => s.prize?.imageUrl ?? '');
  const labelsKey = [...labels, ...images].join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `labels` and `images` are what `labelsKey` stands for
  useEffect(() => {
    const el = box.current;
    if (!el || size === 0) return;
    let gone = false;
    void import('lucky-canvas').then(({ LuckyWheel }) => {
      if (gone) return;
      // Each wheel draws into a box of its own: lucky-canvas keeps resizing its box at its first
      // width on every window resize, so a replaced wheel must not share the new one's.
      const host = document.createElement('div');
      el.appendChild(host);
      wheel.current = new LuckyWheel(
        { divElement: host },
        {
          width: size,
          height: size,
          blocks: [
            { padding: '12px', background: '#e8590c' },
            { padding: '4px', background: '#ffd8a8' },
          ],
          prizes: labels.map((label, i) => ({
            background: COLOURS[i % 2],
            fonts: [
              {
                ...fitted(label),
                top: '10%',
                fontColor: '#7a2e05',
                fontWeight: '600',
                wordWrap: false,
              },
            ],
            // The prize's picture under its name, inside the segment.
            ...(images[i] ? { imgs: [{ src: images[i], top: '52%', width: '15%', height: '15%' }] } : {}),
          })),
          buttons: [{ radius: '30%', background: '#e8590c', pointer: true }],
          defaultConfig: { gutter: 1, accelerationTime: 600, decelerationTime: 2200 },
          end: () => finishedRef.current(),
        },
      );
    });
    return () => {
      gone = true;
      el.replaceChildren();
      wheel.current = null;
    };
  }, [labelsKey, size]);

  return (
    <section className="raffle-wheel" aria-label={t('wheel.label')}>
      <div className="wheel-box">
        <div ref={box} className="wheel-canvas" />
        <button
          type="button"
          className="wheel-spin"
          disabled={!hydrated || !draw.open || draw.busy}
          aria-busy={draw.busy}
          onClick={draw.draw}
        >
          {draw.busy ? (
            // A spinner fits the hub in every language; the words are there for screen readers.
            <>
              <span className="wheel-spin-busy" aria-hidden="true" />
              <span className="visually-hidden">{t('wheel.spinning')}</span>
            </>
          ) : (
            t('wheel.spin')
          )}
        </button>
      </div>
      <DrawStatus info={info} draw={draw} />
      {draw.result ? <DrawResult result={draw.result} activeId={info.id} onClose={draw.closeResult} /> : null}
    </section>
  );
}
