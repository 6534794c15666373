import { Link } from 'react-router';
import type { TimelapseCard } from '../../../shared/api/content';
import type { LandingCampaign, LandingModel } from '../../../shared/api/site';
import { formatCount, formatDay } from '../../../shared/format';
import { campaignPath, contentPaths } from '../../../shared/share-paths';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { CubeIcon, PrinterIcon } from '../../ui/icons';
import { Avatar } from '../content/author';
import { useDuration } from '../content/duration';

/**
 * The home page's cards. Every card is one link to its share page; pictures carry their size so
 * nothing moves while they load, and only the first row (`eager`) is fetched before scrolling.
 */
export function ModelTile({ model, eager = false }: { model: LandingModel; eager?: boolean }) {
  const { t } = useTranslation('content');
  const { locale } = useApp();
  const n = (v: number) => formatCount(v, locale);
  return (
    <li className="feed-card">
      <Link to={contentPaths.model(model.id)} className="feed-link">
        {model.imageUrl ? (
          <img src={model.imageUrl} alt="" width={320} height={240} loading={eager ? 'eager' : 'lazy'} decoding="async" />
        ) : (
          <span className="feed-blank" aria-hidden="true">
            <CubeIcon />
          </span>
        )}
        <strong className="feed-title">{model.title}</strong>
        <span className="feed-maker">
          <Avatar user={model.author} size="s" />
          <span title={model.author.nickname}>{model.author.nickname}</span>
        </span>
        <span className="feed-counts muted">
          {t('counts.likes', { count: model.counts.likes, n: n(model.counts.likes) })} ·{' '}
          {t('counts.downloads', { count: model.counts.downloads, n: n(model.counts.downloads) })}
        </span>
      </Link>
    </li>
  );
}

export function TimelapseTile({ item }: { item: TimelapseCard }) {
  const { t } = useTranslation('site');
  const duration = useDuration();
  const title = item.model ? item.model.title : t('landing.timelapse');
  return (
    <li className="feed-card">
      <Link to={contentPaths.timelapse(item.id)} className="feed-link">
        <span className="feed-poster">
          {item.posterUrl ? (
            <img src={item.posterUrl} alt="" width={320} height={240} loading="lazy" decoding="async" />
          ) : (
            <span className="feed-blank" aria-hidden="true">
              <PrinterIcon />
            </span>
          )}
          <span className="feed-badge">{duration(item.durationSeconds)}</span>
        </span>
        <strong className="feed-title">{title}</strong>
        <span className="feed-maker">
          <Avatar user={item.author} size="s" />
          <span title={item.author.nickname}>{item.author.nickname}</span>
        </span>
      </Link>
    </li>
  );
}

export function CampaignTile({ campaign }: { campaign: LandingCampaign }) {
  const { t } = useTranslation('site');
  const { locale, config } = useApp();
  return (
    <li>
      <Link to={campaignPath(campaign)} className={`campaign-tile campaign-${campaign.kind}`}>
        <span className="campaign-kind">{t(`landing.kind.${campaign.kind}`)}</span>
        <strong>{campaign.title}</strong>
        <span className="small">{t('landing.until', { date: formatDay(campaign.endsAt, locale, config.timeZone) })}</span>
      </Link>
    </li>
  );
}
