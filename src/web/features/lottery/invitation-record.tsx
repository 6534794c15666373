import { useState } from 'react';
import { Link } from 'react-router';
import type { InviteUsersPage } from '../../../shared/api/lottery-invites';
import { LOTTERY_API } from '../../../shared/api/routes-lottery';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { PeopleIcon } from '../../ui/icons';
import { LocalTime } from '../../ui/local-time';
import { StateView } from '../../ui/state-view';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useSignedInData } from '../accounts/use-signed-in-data';
import type { Route } from './+types/invitation-record';
import { CampaignNotFound } from './activitys';
import { NoneRunning } from './none-running';
import { Personal } from './personal-states';
import { raffleBase, runningCampaignPage } from './raffle-loader';
import { rafflePath } from './raffle-paths';

const PAGE_SIZE = 20;

/** The friends the visitor invited to this campaign (lotteryInviteUsers), newest first. */
export function loader({ request, context }: Route.LoaderArgs) {
  return runningCampaignPage(raffleBase(request, context), context, 'invites.title');
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function InvitationRecord({ loaderData }: Route.ComponentProps) {
  const { activeId, none } = loaderData;
  if (!activeId) return none ? <NoneRunning state={none} /> : <CampaignNotFound />;
  return <Invites activeId={String(activeId)} />;
}

export function Invites({ activeId }: { activeId: string }) {
  const { t } = useTranslation('lottery');
  const api = useSignedInApi();
  const page = (n: number) =>
    api.call(LOTTERY_API.lotteryInviteUsers, { lotteryId: activeId, page: n, pageSize: PAGE_SIZE }, { quiet: true });
  const { state } = useSignedInData(() => page(1), [activeId]);
  const [more, setMore] = useState<InviteUsersPage[]>([]);
  const [busy, setBusy] = useState(false);
  const back = (
    <Link className="btn btn-secondary btn-block" to={rafflePath('', { activeId })}>
      {t('links.backToDraw')}
    </Link>
  );
  return (
    <div className="raffle-page">
      <Personal state={state} title={t('invites.title')}>
        {(first) => {
          const pages = [first, ...more];
          const list = pages.flatMap((p) => p.list);
          if (list.length === 0) {
            return (
              <StateView icon={<PeopleIcon />} title={t('invites.emptyTitle')} actions={back}>
                <p className="muted">{t('invites.emptyText', { count: first.chancesPerInvite })}</p>
              </StateView>
            );
          }
          return (
            <>
              <h1 className="page-title">{t('invites.title')}</h1>
              <p className="card">
                {/* Two numbers, each with its own plural: one count per message. */}
                {t('invites.summary', {
                  friends: t('invites.friends', { count: first.total }),
                  draws: t('invites.draws', { count: list.reduce((s, f) => s + f.chancesGranted, 0) }),
                })}
              </p>
              <ul className="card invite-list">
                {list.map((f, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: pages only append, so an entry keeps its index
                  <li key={`${f.invitedAt}-${i}`}>
                    <span>{f.nickname}</span>
                    <span className="muted small">
                      <LocalTime at={f.invitedAt} />
                    </span>
                    <span className="badge">{t('invites.granted', { count: f.chancesGranted })}</span>
                  </li>
                ))}
              </ul>
              {list.length < first.total ? (
                <button
                  type="button"
                  className="btn btn-secondary btn-block"
                  disabled={busy}
                  onClick={async () => {
                    setBusy(true);
                    try {
                      const next = await page(pages.length + 1);
                      setMore((m) => [...m, next]);
                    } catch {
                      // Try again with the button.
                    } finally {
                      setBusy(false);
                    }
                  }}
                >
                  {t('invites.more')}
                </button>
              ) : null}
              {back}
            </>
          );
        }}
      </Personal>
    </div>
  );
}
