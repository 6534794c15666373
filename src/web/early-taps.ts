/**
 * On a slow phone the page is painted seconds before its code has arrived, and a tap on a button
 * in that window would be lost: the server-rendered button has no handler yet. This inline script
 * (in <head>, before any markup) holds the last tap on such a button and marks it pending; once
 * React has hydrated, `replayEarlyTap` clicks it again, on the same element (hydration keeps the
 * server's nodes). Links and forms with an action work without script and are left alone.
 *
 * Only until `stopEarlyTaps` is called, right before hydration starts: from then on React
 * itself replays taps on parts it has not hydrated yet, and holding them here would double them.
 * Only the last tap is kept: two quick taps on "Like" must not like and unlike.
 */
const PENDING_CLASS = 'tap-pending';

export const EARLY_TAPS_SCRIPT = `(function(d,w){var held=null;function on(e){var t=e.target,b=t&&t.closest&&t.closest('button,[role=button]:not(a[href]),[role=tab]:not(a[href])');if(!b||b.disabled)return;if(b.type==='submit'&&b.form&&b.form.hasAttribute('action'))return;e.preventDefault();e.stopPropagation();if(held)held.classList.remove('${PENDING_CLASS}');held=b;b.classList.add('${PENDING_CLASS}')}d.addEventListener('click',on,true);w.__earlyTaps={stop:function(){d.removeEventListener('click',on,true)},take:function(){var b=held;held=null;if(b)b.classList.remove('${PENDING_CLASS}');return b}}})(document,window)`;

interface EarlyTaps {
  stop(): void;
  take(): HTMLElement | null;
}

const earlyTaps = () => (window as unknown as { __earlyTaps?: EarlyTaps }).__earlyTaps;

/** Before hydration starts: React handles taps from here on. */
export function stopEarlyTaps(): void {
  earlyTaps()?.stop();
}

/** After hydration: the tap the visitor made while the code was loading, now with its handler. */
export function replayEarlyTap(): void {
  const button = earlyTaps()?.take();
  if (button?.isConnected) button.click();
}
