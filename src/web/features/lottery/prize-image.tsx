import { GiftIcon } from './icons';
import './raffle.css';

/**
 * A prize's picture beside its name (the name says what it is, so the picture has no text of its
 * own); a prize without one shows the gift icon, so lists keep their alignment.
 */
export function PrizeImage({ url, size = 'm' }: { url: string | undefined; size?: 's' | 'm' | 'l' }) {
  const px = { s: 32, m: 64, l: 120 }[size];
  return url ? (
    <img className={`prize-img prize-img-${size}`} src={url} alt="" width={px} height={px} loading="lazy" decoding="async" />
  ) : (
    <span className={`prize-img prize-img-${size} prize-img-none`} aria-hidden="true">
      <GiftIcon />
    </span>
  );
}
