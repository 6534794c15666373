/** The root font size is the screen width / 10, capped at the 750 px design width. */
export const DESIGN_WIDTH = 750;
export const RESIZE_DEBOUNCE_MS = 300;

export function remBase(screenWidth: number): number {
  const w = Number.isFinite(screenWidth) && screenWidth > 0 ? screenWidth : DESIGN_WIDTH / 2;
  return Math.min(w, DESIGN_WIDTH) / 10;
}
