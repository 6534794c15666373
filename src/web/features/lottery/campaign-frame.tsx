import { Link } from 'react-router';
import type { CampaignHead } from '../../../shared/api/lottery';
import { useTranslation } from '../../i18n/react';
import { CompassIcon } from '../../ui/icons';
import { LocalTime } from '../../ui/local-time';
import { StateView } from '../../ui/state-view';
import { StateBadge } from './state-badge';
import './raffle.css';

/**
 * The top of a campaign page: its state, title (the campaign's unless the page has its own), an
 * optional lead and its dates (`className` gives each family its colours).
 */
export function CampaignHero({
  page,
  className,
  title = page.title,
  lead,
}: {
  page: CampaignHead;
  className: string;
  title?: string;
  lead?: string | undefined;
}) {
  return (
    <header className={`raffle-hero ${className}`}>
      <StateBadge info={page} />
      <h1>{title}</h1>
      {lead ? <p className="gift-lead">{lead}</p> : null}
      <CampaignPeriod page={page} />
    </header>
  );
}

/** A campaign's first and last day, in the reader's time zone. */
export function CampaignPeriod({ page }: { page: Pick<CampaignHead, 'startsAt' | 'endsAt'> }) {
  return (
    <p className="raffle-period">
      <LocalTime at={page.startsAt} style="date" /> – <LocalTime at={page.endsAt} style="date" />
    </p>
  );
}

/** A campaign page opened with an unknown id (or none while nothing runs): the way home. */
export function CampaignMissing({ title }: { title: string }) {
  const { t } = useTranslation('common');
  return (
    <StateView
      icon={<CompassIcon />}
      title={title}
      actions={
        <Link className="btn btn-block" to="/">
          {t('nav.backHome')}
        </Link>
      }
    />
  );
}
