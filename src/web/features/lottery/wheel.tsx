import type { LuckyWheel } from 'lucky-canvas';
import { useCallback, useEffect, useRef, useState } from 'react';
import type * as contract from '../../../shared/api/lottery';
import type { DrawResultView, LotteryInfo } from '../../../shared/api/lottery';
import { LOTTERY_API } from '../../../shared/api/routes-lottery';
import { ResultCode } from '../../../shared/errors';
import { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n/react';
import { useResume, whenSignedIn } from '../accounts/after-sign-in';
import { useSignedIn } from '../accounts/login-store';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useHydrated } from '../content/hydrated';
import { DrawResult } from './draw-result';
import { ExchangeButton } from './exchange';
import { wheelLabel } from './wheel-label';

/** Spin at least this long before stopping, so a fast answer still reads as a spin. */
const MIN_SPIN_MS = 1200;
const COLOURS = ['#fff4e6', '#ffe0c2'];

type Times = { remaining: number; coins: number };

/**
 * The lucky wheel (lucky-canvas) and its spin button. The server decides: the wheel spins while
 * the draw call is under way and stops on the segment the server answered; a refused or failed
 * call stops it at once without a result (the API client says why).
 */
export default function Wheel({ info }: { info: LotteryInfo }) {
  const { t } = useTranslation('lottery');
  const api = useSignedInApi();
  const signedIn = useSignedIn();
  const hydrated = useHydrated();
  const box = useRef<HTMLDivElement>(null);
  const wheel = useRef<LuckyWheel | null>(null);
  const pending = useRef<DrawResultView | null>(null);
  const [times, setTimes] = useState<Times | null>(null);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<DrawResultView | null>(null);
  const open = info.state === 'ongoing';
  const action = `draw:${info.id}`;

  const finish = useCallback(() => {
    setResult(pending.current);
    pending.current = null;
    setSpinning(false);
  }, []);

  // The wheel is drawn again only when its labels change (not when the page re-renders mid-spin).
  const labels = info.segments.map((s) => (s.prize ? s.prize.name : t('wheel.noPrize')));
  const labelsKey = labels.join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `labels` is what `labelsKey` stands for
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let gone = false;
    void import('lucky-canvas').then(({ LuckyWheel }) => {
      if (gone) return;
      wheel.current = new LuckyWheel(
        { divElement: el },
        {
          width: el.offsetWidth,
          height: el.offsetWidth,
          blocks: [
            { padding: '12px', background: '#e8590c' },
            { padding: '4px', background: '#ffd8a8' },
          ],
          prizes: labels.map((label, i) => ({
            background: COLOURS[i % 2],
            fonts: [
              {
                text: wheelLabel(label),
                top: '10%',
                fontSize: '12px',
                lineHeight: '15px',
                fontColor: '#7a2e05',
                fontWeight: '600',
                wordWrap: false,
              },
            ],
          })),
          buttons: [{ radius: '30%', background: '#e8590c', pointer: true }],
          defaultConfig: { gutter: 1, accelerationTime: 600, decelerationTime: 2200 },
          end: () => {
            if (pending.current) finish();
          },
        },
      );
    });
    return () => {
      gone = true;
      el.replaceChildren();
      wheel.current = null;
    };
  }, [labelsKey, finish]);

  const refresh = useCallback(async () => {
    try {
      setTimes(await api.call<typeof contract.getMyLotteryTimes>(LOTTERY_API.getMyLotteryTimes, { lotteryId: info.id }, { quiet: true }));
    } catch {
      setTimes(null);
    }
  }, [api, info.id]);

  useEffect(() => {
    if (signedIn && open) void refresh();
    else setTimes(null);
  }, [signedIn, open, refresh]);

  const spin = async () => {
    if (spinning) return;
    setSpinning(true);
    setResult(null);
    const started = Date.now();
    wheel.current?.play();
    try {
      const r = await api.call<typeof contract.lottery>(LOTTERY_API.lottery, { lotteryId: info.id });
      pending.current = r;
      setTimes((x) => ({ remaining: r.remaining, coins: x?.coins ?? 0 }));
      await new Promise((ok) => setTimeout(ok, Math.max(0, MIN_SPIN_MS - (Date.now() - started))));
      if (wheel.current) wheel.current.stop(r.segment);
      else finish();
    } catch (err) {
      wheel.current?.stop(-1);
      pending.current = null;
      setSpinning(false);
      if (err instanceof ApiError && err.code === ResultCode.noDraws) void refresh();
    }
  };
  useResume<null>(action, () => void spin());

  const remaining = times?.remaining;
  return (
    <section className="raffle-wheel" aria-label={t('wheel.label')}>
      <div className="wheel-box">
        <div ref={box} className="wheel-canvas" />
        <button
          type="button"
          className="wheel-spin"
          disabled={!hydrated || !open || spinning}
          aria-busy={spinning}
          onClick={() => whenSignedIn(action, null, () => void spin())}
        >
          {spinning ? t('wheel.spinning') : t('wheel.spin')}
        </button>
      </div>
      <div className="raffle-remaining" aria-live="polite">
        {!open ? (
          <p className="muted">{t(`closed.${info.state as 'ended'}`)}</p>
        ) : !signedIn ? (
          <p className="muted">{t('wheel.signInToDraw')}</p>
        ) : remaining === undefined ? (
          <p>{'\u00a0'}</p>
        ) : (
          <>
            <p>{t('wheel.remaining', { count: remaining })}</p>
            {remaining === 0 && info.exchangeCost > 0 && times ? (
              <ExchangeButton lotteryId={info.id} cost={info.exchangeCost} coins={times.coins} onDone={setTimes} />
            ) : null}
          </>
        )}
      </div>
      {result ? <DrawResult result={result} activeId={info.id} onClose={() => setResult(null)} /> : null}
    </section>
  );
}
