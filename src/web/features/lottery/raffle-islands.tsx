import { type ComponentProps, lazy, Suspense } from 'react';
import type { LotteryInfo } from '../../../shared/api/lottery';
import { useTranslation } from '../../i18n/react';
import './blind-box.css';
import './raffle.css';
import { ShareButtons } from './share-buttons';

/**
 * The raffle page's interactive parts as lazy chunks (like the share pages' islands, ADR 0003):
 * the wheel (lucky-canvas and the draw) and sharing (link, poster, system sheet, WeChat). Until
 * their code arrives the server's placeholder stays, with the spin button disabled.
 */
const Wheel = lazy(() => import('./wheel'));
const Share = lazy(() => import('./share'));
const Boxes = lazy(() => import('./box-draw'));

export const RaffleWheel = (p: ComponentProps<typeof Wheel>) => (
  <Suspense fallback={<WheelPlaceholder info={p.info} />}>
    <Wheel {...p} />
  </Suspense>
);

/** The blind box and happy planet looks (their placeholder: the page's layout without the boxes). */
export const RaffleBoxes = (p: ComponentProps<typeof Boxes>) => (
  <Suspense fallback={<section className={`raffle-look look-${p.look}`} />}>
    <Boxes {...p} />
  </Suspense>
);

export const RaffleShare = (p: ComponentProps<typeof Share>) => (
  <Suspense fallback={<ShareButtons disabled />}>
    <Share {...p} />
  </Suspense>
);

/** The wheel's frame with its disabled button: the same box the canvas fills, so nothing moves. */
export function WheelPlaceholder({ info }: { info: LotteryInfo }) {
  const { t } = useTranslation('lottery');
  return (
    <section className="raffle-wheel" aria-label={t('wheel.label')}>
      <div className="wheel-box">
        <button type="button" className="wheel-spin" disabled>
          {t('wheel.spin')}
        </button>
      </div>
      <div className="raffle-remaining">
        <p className="muted">{info.state === 'ongoing' ? '\u00a0' : t(`closed.${info.state as 'ended'}`)}</p>
      </div>
    </section>
  );
}

/** "Invite friends" and "Share": disabled in the server's markup, live once hydrated. */
