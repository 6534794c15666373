import { useState } from 'react';
import { Link } from 'react-router';
import type { MyPrizeView } from '../../../shared/api/lottery';
import { LOTTERY_API } from '../../../shared/api/routes-lottery';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { StateView } from '../../ui/state-view';
import { useSignedInData } from '../accounts/use-signed-in-data';
import type { Route } from './+types/my-prize';
import { CampaignNotFound } from './activitys';
import { GiftIcon } from './icons';
import { NoneRunning } from './none-running';
import { Personal } from './personal-states';
import { PrizeCard, RedeemQr } from './prize-card';
import { raffleBase, runningCampaignPage } from './raffle-loader';
import { rafflePath } from './raffle-paths';

/** My prizes (`/activitys/my-prize?activeId=…`, without it the running raffle's): each win, its state, code and next step. */
export function loader({ request, context }: Route.LoaderArgs) {
  return runningCampaignPage(raffleBase(request, context), context, 'myPrize.title');
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function MyPrize({ loaderData }: Route.ComponentProps) {
  const { activeId, none } = loaderData;
  if (!activeId) return none ? <NoneRunning state={none} /> : <CampaignNotFound />;
  return <Prizes activeId={String(activeId)} />;
}

function Prizes({ activeId }: { activeId: string }) {
  const { t } = useTranslation('lottery');
  const { state } = useSignedInData((api) => api.call(LOTTERY_API.myPrize, { lotteryId: activeId }, { quiet: true }), [activeId]);
  return (
    <div className="raffle-page">
      <Personal state={state} title={t('myPrize.title')}>
        {(wins) =>
          wins.length === 0 ? (
            <StateView
              icon={<GiftIcon />}
              title={t('myPrize.emptyTitle')}
              actions={
                <Link className="btn btn-block" to={rafflePath('', { activeId })}>
                  {t('links.backToDraw')}
                </Link>
              }
            >
              <p className="muted">{t('myPrize.emptyText')}</p>
            </StateView>
          ) : (
            <>
              <h1 className="page-title">{t('myPrize.title')}</h1>
              {wins.map((w) => (
                <PrizeItem key={w.winId} win={w} activeId={activeId} />
              ))}
              <Link className="btn btn-secondary btn-block" to={rafflePath('', { activeId })}>
                {t('links.backToDraw')}
              </Link>
            </>
          )
        }
      </Personal>
    </div>
  );
}

function PrizeItem({ win, activeId }: { win: MyPrizeView; activeId: string }) {
  const { t } = useTranslation('lottery');
  const [qr, setQr] = useState(false);
  const claim = rafflePath('confirmation-prize', { activeId, winId: win.winId });
  const entity = win.prize.kind === 1;
  return (
    <PrizeCard win={win}>
      {win.state !== 'written_off' ? (
        <>
          {qr ? <RedeemQr win={win} activeId={activeId} /> : null}
          <div className="btn-row">
            {entity && win.state === 'won' ? (
              <Link className="btn" to={claim}>
                {t('myPrize.claim')}
              </Link>
            ) : null}
            {entity && win.state === 'received' ? (
              <Link className="btn btn-secondary" to={claim}>
                {t('myPrize.shipping')}
              </Link>
            ) : null}
            <button type="button" className="btn btn-secondary" aria-expanded={qr} onClick={() => setQr(!qr)}>
              {t(qr ? 'myPrize.hideQr' : 'myPrize.showQr')}
            </button>
          </div>
        </>
      ) : null}
    </PrizeCard>
  );
}
