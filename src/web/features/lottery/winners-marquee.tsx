import type { LotteryDataInfo, PrizeView } from '../../../shared/api/lottery';
import { useTranslation } from '../../i18n/react';
import { PrizeImage } from './prize-image';
import './raffle.css';

/**
 * The latest winners (nicknames masked by the server), scrolling sideways. The list is written
 * twice so the loop has no seam; the copy is hidden from screen readers, and the scrolling stops
 * for readers who ask for reduced motion (raffle.css).
 */
export function WinnersMarquee({ winners, prizes = [] }: { winners: LotteryDataInfo['winners']; prizes?: PrizeView[] }) {
  const { t } = useTranslation('lottery');
  // A winner is listed by the prize's name; its picture is the campaign's prize of that name.
  const imageOf = (name: string) => prizes.find((p) => p.name === name)?.imageUrl;
  if (winners.length === 0) return <p className="raffle-marquee raffle-marquee-empty muted small">{t('marquee.empty')}</p>;
  const items = (hidden: boolean) =>
    winners.map((w, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the page's life
      <li key={`${hidden}${i}`} aria-hidden={hidden || undefined}>
        <PrizeImage url={imageOf(w.prize)} size="s" />
        {t('marquee.item', { name: w.nickname, prize: w.prize })}
      </li>
    ));
  return (
    <section className="raffle-marquee" aria-label={t('marquee.label')}>
      <ul>
        {items(false)}
        {items(true)}
      </ul>
    </section>
  );
}
