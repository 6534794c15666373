import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { DrawResultView, LotteryInfo } from '../../../shared/api/lottery';
import { LOTTERY_API } from '../../../shared/api/routes-lottery';
import { PrizeKind } from '../../../shared/enums';
import { ResultCode } from '../../../shared/errors';
import { trackDraw } from '../../analytics/campaign-events';
import { ApiError } from '../../api/client';
import { useResume, whenSignedIn } from '../accounts/after-sign-in';
import { useSignedIn } from '../accounts/login-store';
import { useSignedInApi } from '../accounts/signed-in-api';
import { onDrawsGranted } from './draws-granted';

/** The animation runs at least this long, so a fast answer still reads as a draw. */
const MIN_ANIMATION_MS = 1200;

export type Times = { remaining: number; coins: number };

/**
 * What every look of a draw campaign does (wheel, blind box, planet): the member's draws left,
 * one draw at a time, and the result once the look's animation has shown it. The look starts its
 * animation with `start`, is told where to stop with `stop(segment)` (or `stop(null)` when the
 * call failed: the client said why), and calls `finished()` when its animation has ended.
 */
export function useDraw(info: LotteryInfo, look: { start(): void; stop(segment: number | null): void }) {
  const api = useSignedInApi();
  const signedIn = useSignedIn();
  const revalidator = useRevalidator();
  const pending = useRef<DrawResultView | null>(null);
  const [times, setTimes] = useState<Times | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<DrawResultView | null>(null);
  const open = info.state === 'ongoing';
  const action = `draw:${info.id}`;

  const refresh = useCallback(async () => {
    try {
      setTimes(await api.call(LOTTERY_API.getMyLotteryTimes, { lotteryId: info.id }, { quiet: true }));
    } catch {
      setTimes(null);
    }
  }, [api, info.id]);

  useEffect(() => {
    if (signedIn && open) void refresh();
    else setTimes(null);
  }, [signedIn, open, refresh]);

  useEffect(
    () =>
      onDrawsGranted((lotteryId, remaining) => {
        if (lotteryId === info.id) setTimes((x) => (x ? { ...x, remaining } : x));
      }),
    [info.id],
  );

  // Shown when the look has stopped on the result, not before: the balance beside a spinning
  // wheel would give the prize away. The campaign's figures and winners are reloaded behind it.
  const finished = useCallback(() => {
    const r = pending.current;
    if (!r) return;
    pending.current = null;
    const won = r.prize?.kind === PrizeKind.bean ? r.prize.value : 0;
    setTimes((x) => ({ remaining: r.remaining, coins: (x?.coins ?? 0) + won }));
    setResult(r);
    setBusy(false);
    void revalidator.revalidate();
    // A win can itself grant draws (premium days add the members' daily draws): ask again.
    void refresh();
  }, [revalidator, refresh]);

  const run = async () => {
    if (busy) return;
    setBusy(true);
    setResult(null);
    const started = Date.now();
    look.start();
    try {
      const r = await api.call(LOTTERY_API.lottery, { lotteryId: info.id });
      pending.current = r;
      trackDraw(info.id, r);
      await new Promise((ok) => setTimeout(ok, Math.max(0, MIN_ANIMATION_MS - (Date.now() - started))));
      look.stop(r.segment);
    } catch (err) {
      look.stop(null);
      pending.current = null;
      setBusy(false);
      if (err instanceof ApiError && err.code === ResultCode.noDraws) void refresh();
    }
  };
  useResume<null>(action, () => void run());

  return {
    open,
    signedIn,
    times,
    setTimes,
    busy,
    result,
    closeResult: () => setResult(null),
    finished,
    /** The draw button's handler: signed-out readers sign in first, then it draws. */
    draw: () => whenSignedIn(action, null, () => void run()),
  };
}
