import { track } from './track';

/** A draw's outcome as the product events of a campaign: the draw, and the win when there is one. */
export function trackDraw(activityId: string, r: { winState: number; prize: { kind: number } | null }): void {
  track('LotteryDraw', { activityId, win: r.winState === 1 });
  if (r.winState === 1 && r.prize) track('LotteryWin', { activityId, prizeKind: r.prize.kind });
}
