import type { EventProps, PageProps, ProductEvent } from '../../shared/analytics-events';
import { readOuterLink } from '../outer-link';
import { campaignOf } from './campaign-of';

/**
 * The site's analytics calls, usable before the SDK is there: the SDK loads after first paint
 * (analytics.tsx), and calls made earlier wait here until its store is ready (state 3,
 * events are sent only then). Part of the first-load code, so it stays tiny.
 */
export interface SensorsLike {
  track(event: string, props?: object): void;
  login(id: string): void;
  quick(name: 'autoTrackSinglePage', props?: object): void;
}

type Call = (sdk: SensorsLike) => void;
/** A page whose SDK never loads (blocked) must not grow a queue for ever. */
const MAX_QUEUED = 200;
let queue: Call[] = [];
let sdk: SensorsLike | null = null;

function run(call: Call) {
  if (sdk) call(sdk);
  else if (queue.length < MAX_QUEUED) queue.push(call);
}

/** A product event with its properties, plus the page's campaign and channel. */
export function track<E extends ProductEvent>(event: E, props: EventProps[E]): void {
  const page = pageProps();
  run((s) => s.track(event, { ...page, ...props }));
}

/** `$pageview` of the page shown now (its address taken now, not when the SDK catches up). */
export function trackPageView(): void {
  const page = { ...pageProps(), $url: location.href, $url_path: location.pathname, $title: document.title };
  run((s) => s.quick('autoTrackSinglePage', page));
}

/** The SDK's login (`track_signup`): later events, and this visitor's earlier ones, are the user's. */
export function identify(userId: string | undefined): void {
  if (userId) run((s) => s.login(userId));
}

/** sdk.ts, once the SDK is ready: everything queued goes out in order. */
export function sdkReady(ready: SensorsLike): void {
  sdk = ready;
  const waiting = queue;
  queue = [];
  for (const call of waiting) call(ready);
}

function pageProps(): PageProps {
  const campaign = campaignOf(location.pathname, location.search);
  const channel = readOuterLink(sessionStorage)?.channel;
  return { ...(campaign ? { activityId: campaign } : {}), ...(channel ? { channel } : {}) };
}
