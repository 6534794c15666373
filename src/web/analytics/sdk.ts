import sensors from 'sa-sdk-javascript/sensorsdata.es6.min.js';
import type { AnalyticsClientConfig } from '../../shared/api/site';
import { sdkReady } from './track';

/**
 * The Sensors Data SDK (sa-sdk-javascript 1.15.18, a lazy chunk: analytics.tsx imports it after
 * first paint), configured from the server. Every number this version takes as an
 * option is set here explicitly (docs/analytics.md maps each one); the cookie life (73000 days),
 * the local-storage cap (200) and the 20 s default request timeout are fixed inside the SDK.
 */
const SEND_TYPES = ['image', 'ajax', 'beacon'] as const;

export function startSdk(config: AnalyticsClientConfig): void {
  const { sendType, batch } = chosenMode(config);
  sensors.init({
    server_url: new URL(config.serverUrl, location.origin).href,
    send_type: sendType,
    batch_send: batch ? { datasend_timeout: 6000, send_interval: 6000, one_send_max_length: 6 } : false,
    max_string_length: 500,
    max_referrer_string_length: 200,
    callback_timeout: 200,
    datasend_timeout: 3000,
    queue_timeout: 300,
    // Stay (scroll) events only; clicks are not collected. No visual or heatmap mode can load
    // its remote script: the CSP allows scripts from this site only.
    heatmap: { clickmap: 'not_collect', scroll_notice_map: 'default', scroll_delay_time: 4000, scroll_event_duration: 18000 },
    // Route changes are tracked by analytics.tsx from React Router, not by history patching.
    is_track_single_page: false,
    show_log: false,
  });
  waitUntilReady();
}

/** The SDK goes 1 → 2 → 3; events may go out from 3 (inside an iframe that takes ~1 s). */
function waitUntilReady(tries = 0) {
  if (sensors.readyState.state >= 3) sdkReady(sensors);
  else if (tries < 100) setTimeout(() => waitUntilReady(tries + 1), 100);
}

/** Outside production a page may choose the send mode (`?analytics_send=ajax|image|beacon|batch`). */
function chosenMode(config: AnalyticsClientConfig): { sendType: AnalyticsClientConfig['sendType']; batch: boolean } {
  const asked = config.testOverride ? new URLSearchParams(location.search).get('analytics_send') : null;
  if (asked === 'batch') return { sendType: config.sendType, batch: true };
  const type = SEND_TYPES.find((t) => t === asked);
  return type ? { sendType: type, batch: false } : { sendType: config.sendType, batch: config.batch };
}
