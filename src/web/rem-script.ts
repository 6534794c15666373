import { DESIGN_WIDTH, RESIZE_DEBOUNCE_MS } from '../shared/rem';

/**
 * Viewport rem, as an inline script in <head> so the root size is set before the first
 * paint (no layout shift); the stylesheet's `font-size: min(10vw, 75px)` gives the same value
 * when scripts are off. Recomputed on resize and rotation, debounced.
 */
export const REM_SCRIPT = `(function(d,w){var t;function s(){var x=d.documentElement.clientWidth||w.innerWidth||${DESIGN_WIDTH / 2};d.documentElement.style.fontSize=Math.min(x,${DESIGN_WIDTH})/10+'px'}s();w.addEventListener('resize',function(){clearTimeout(t);t=setTimeout(s,${RESIZE_DEBOUNCE_MS})});w.addEventListener('pageshow',function(e){e.persisted&&s()})})(document,window)`;
