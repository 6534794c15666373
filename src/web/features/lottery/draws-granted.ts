import type { LotteryInfo } from '../../../shared/api/lottery';

/**
 * Draws granted outside the draw itself (a share, for one): the share dialog is a separate lazy
 * piece, so it tells the page showing the draws left through this channel instead of a reload.
 */
type Listener = (lotteryId: LotteryInfo['id'], remaining: number) => void;
const listeners = new Set<Listener>();

export function drawsGranted(lotteryId: LotteryInfo['id'], remaining: number): void {
  for (const listener of listeners) listener(lotteryId, remaining);
}

export function onDrawsGranted(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
