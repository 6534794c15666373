import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LotteryDataInfo, LotteryInfo } from '../../../shared/api/lottery';
import { formatCount } from '../../../shared/format';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { LocalTime } from '../../ui/local-time';
import { NotAvailable } from '../../ui/not-available';
import type { Route } from './+types/activitys';
import { GiftIcon } from './icons';
import { NoneRunning } from './none-running';
import { OddsTable } from './odds-table';
import { RaffleShare, RaffleWheel } from './raffle-islands';
import { drawCampaignLoader } from './raffle-loader';
import { rafflePath } from './raffle-paths';
import { StateBadge } from './state-badge';
import { WinnersMarquee } from './winners-marquee';
import './raffle.css';

/**
 * The lucky-draw page (`/activitys?activeId=…`): the campaign's wheel, its state, the winners'
 * marquee and the rules with the published odds render on the server; the wheel, the draws left
 * and sharing are islands that come alive in the browser (the result always comes from the server).
 */
export const loader = ({ request, context }: Route.LoaderArgs) => drawCampaignLoader(request, context, 'wheel');

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function Raffle({ loaderData }: Route.ComponentProps) {
  const { page, none } = loaderData;
  if (!page) return none ? <NoneRunning state={none} /> : <CampaignNotFound />;
  return (
    <DrawCampaign page={page}>
      <RaffleWheel info={page.info} />
    </DrawCampaign>
  );
}

/**
 * A draw campaign's page around its look (the wheel here; blind boxes and the planet on their
 * pages): state, dates, figures, winners, links, rules with odds.
 */
export function DrawCampaign({ page, children }: { page: { info: LotteryInfo; data: LotteryDataInfo }; children: ReactNode }) {
  const { t, locale } = useTranslation('lottery');
  const { info, data } = page;
  const activeId = info.id;
  return (
    <article className="raffle">
      <header className="raffle-hero">
        <StateBadge info={info} />
        <h1>{info.title}</h1>
        <p className="raffle-period">
          <LocalTime at={info.startsAt} /> – <LocalTime at={info.endsAt} />
        </p>
        <p className="raffle-figures">
          {t('figures.participants', { count: data.participants, n: formatCount(data.participants, locale) })} ·{' '}
          {t('figures.draws', { count: data.draws, n: formatCount(data.draws, locale) })}
        </p>
      </header>
      <WinnersMarquee winners={data.winners} prizes={info.segments.flatMap((s) => (s.prize ? [s.prize] : []))} />
      {children}
      <nav className="raffle-links" aria-label={t('links.label')}>
        <Link className="btn btn-secondary" to={rafflePath('my-prize', { activeId })}>
          {t('links.myPrize')}
        </Link>
        <RaffleShare info={info} />
      </nav>
      <Rules info={info} />
    </article>
  );
}

function Rules({ info }: { info: LotteryInfo }) {
  const { t } = useTranslation('lottery');
  return (
    <section className="card raffle-rules" aria-labelledby="raffle-rules">
      <h2 id="raffle-rules">{t('rules.title')}</h2>
      <p className="pre-line">{info.rules}</p>
      <h3>{t('rules.odds')}</h3>
      <OddsTable segments={info.segments} />
    </section>
  );
}

export function CampaignNotFound() {
  const { t } = useTranslation('lottery');
  return <NotAvailable icon={<GiftIcon />} title={t('notFound.title')} text={t('notFound.text')} />;
}
