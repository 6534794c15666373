import { LOTTERY_API } from '../../../shared/api/routes-lottery';
import { formatCount } from '../../../shared/format';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { useSignedInData } from '../accounts/use-signed-in-data';
import type { Route } from './+types/admin';
import { CampaignNotFound } from './activitys';
import { Personal } from './personal-states';
import { campaignPage, raffleBase } from './raffle-loader';
import { WriteOff } from './write-off';

/**
 * The campaign staff's page (`/activitys/admin?activeId=…`): the campaign's figures and prize
 * stock, and write-off of a winner's prize by scanning their QR code or typing the code. Only
 * staff of this campaign get the data (the server checks; others see its refusal).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = raffleBase(request, context);
  const code = base.url.searchParams.get('code');
  // Without an id, the staff page of the raffle running now, like the other personal pages.
  const activeId = base.url.searchParams.has('activeId') ? base.activeId : await context.services.lottery.currentRaffleId('wheel');
  return campaignPage({ ...base, activeId }, 'admin.title', { code: code && /^[A-Za-z2-9]{12}$/.test(code) ? code.toUpperCase() : '' });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function RaffleAdmin({ loaderData }: Route.ComponentProps) {
  const { activeId, code } = loaderData;
  if (!activeId) return <CampaignNotFound />;
  return <Staff activeId={String(activeId)} initialCode={code} />;
}

function Staff({ activeId, initialCode }: { activeId: string; initialCode: string }) {
  const { t, locale } = useTranslation('lottery');
  const { state, reload } = useSignedInData(
    (api) => api.call(LOTTERY_API.managerDataInfo, { lotteryId: activeId }, { quiet: true }),
    [activeId],
  );
  const n = (v: number) => formatCount(v, locale);
  return (
    <div className="raffle-page">
      <Personal state={state} title={t('admin.title')}>
        {(d) => (
          <>
            <h1 className="page-title">{t('admin.title')}</h1>
            <WriteOff activeId={activeId} initialCode={initialCode} onDone={reload} />
            <section className="card" aria-labelledby="admin-figures">
              <h2 id="admin-figures">{t('admin.figures')}</h2>
              <p>
                {t('figures.participants', { count: d.participants, n: n(d.participants) })} ·{' '}
                {t('figures.draws', { count: d.draws, n: n(d.draws) })}
              </p>
              <table className="raffle-odds">
                <thead>
                  <tr>
                    <th scope="col">{t('rules.prize')}</th>
                    <th scope="col">{t('admin.stockLeft')}</th>
                    <th scope="col">{t('admin.won')}</th>
                    <th scope="col">{t('admin.claimed')}</th>
                    <th scope="col">{t('admin.writtenOff')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.prizes.map((p) => (
                    <tr key={p.prize.id}>
                      <td>{p.prize.name}</td>
                      <td>{n(p.stockLeft)}</td>
                      <td>{n(p.won)}</td>
                      <td>{n(p.claimed)}</td>
                      <td>{n(p.writtenOff)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </>
        )}
      </Personal>
    </div>
  );
}
