import { useState } from 'react';
import { Link } from 'react-router';
import type * as book from '../../../shared/api/addresses';
import type { MyPrizeView } from '../../../shared/api/lottery';
import { ADDRESS_API, LOTTERY_API } from '../../../shared/api/routes-lottery';
import { track } from '../../analytics/track';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { LocalTime } from '../../ui/local-time';
import { StateView } from '../../ui/state-view';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useSignedInData } from '../accounts/use-signed-in-data';
import type { Route } from './+types/confirmation-prize';
import { AddressForm, AddressLines, type AddressValues, valuesOf } from './address-form';
import { GiftIcon } from './icons';
import { Personal } from './personal-states';
import { PrizeCard } from './prize-card';
import { personalPage, raffleBase } from './raffle-loader';
import { queryId, rafflePath } from './raffle-paths';
import { shipBy } from './ship-by';

/**
 * Claiming a physical prize (`/activitys/confirmation-prize?winId=…`): the shipping address
 * (from the book or typed), a confirmation step (the address cannot be changed once submitted),
 * then the claim read-only with when it ships.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const base = raffleBase(request, context);
  const q = base.url.searchParams;
  return { ...personalPage(base, 'claim.title'), winId: queryId(q, 'winId'), addressId: queryId(q, 'addressId') };
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function ConfirmationPrize({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('lottery');
  const { winId, activeId, addressId } = loaderData;
  const { state, reload } = useSignedInData(
    async (api) => {
      if (!winId) return null;
      const [win, addresses, info] = await Promise.all([
        api.call(LOTTERY_API.prizeInfo, { id: winId }, { quiet: true }),
        api.call(ADDRESS_API.list, undefined, { quiet: true }),
        // The campaign's end dates the shipping; a prize from a gift code has no raffle to ask.
        activeId ? api.call(LOTTERY_API.getLotteryInfo, { lotteryId: activeId }, { quiet: true }).catch(() => null) : null,
      ]);
      return { win, addresses: addresses.list, endsAt: info?.endsAt ?? null };
    },
    [winId, activeId],
  );
  return (
    <div className="raffle-page">
      <Personal state={state} title={t('claim.title')}>
        {(d) =>
          d === null ? (
            <StateView icon={<GiftIcon />} title={t('claim.missing')} />
          ) : (
            <Claim
              win={d.win}
              endsAt={d.endsAt}
              chosen={d.addresses.find((a) => a.id === String(addressId)) ?? d.addresses.find((a) => a.isDefault) ?? null}
              activeId={activeId ? String(activeId) : null}
              onClaimed={reload}
            />
          )
        }
      </Personal>
    </div>
  );
}

function Claim(p: {
  win: MyPrizeView;
  endsAt: number | null;
  chosen: book.ShippingAddress | null;
  activeId: string | null;
  onClaimed: () => void;
}) {
  const { t } = useTranslation('lottery');
  const api = useSignedInApi();
  const { win } = p;
  const [values, setValues] = useState<AddressValues | null>(null);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [busy, setBusy] = useState(false);
  const back = p.activeId ? (
    <Link className="btn btn-secondary btn-block" to={rafflePath('my-prize', { activeId: p.activeId })}>
      {t('links.myPrize')}
    </Link>
  ) : null;

  if (win.claim) {
    return (
      <>
        <PrizeCard win={win} />
        <section className="card claim-done" aria-labelledby="claim-done">
          <h1 id="claim-done">{t('claim.doneTitle')}</h1>
          <AddressLines a={win.claim.address} />
          <p className="muted small">
            {t('claim.submittedAt')} <LocalTime at={win.claim.createdAt} />
          </p>
          <p className="notice">
            {t('claim.ships')}
            {p.endsAt ? (
              <>
                {' '}
                {t('claim.shipsBy')} <LocalTime at={shipBy(p.endsAt).getTime()} style="date" />
              </>
            ) : null}
          </p>
          <p className="muted small">{t('claim.locked')}</p>
        </section>
        {back}
      </>
    );
  }
  if (win.prize.kind !== 1 || win.state !== 'won') {
    return (
      <>
        <PrizeCard win={win} />
        <p className="card muted">{t(win.prize.kind !== 1 ? 'claim.noAddressNeeded' : 'claim.closed')}</p>
        {back}
      </>
    );
  }

  const submit = async () => {
    if (!values) return;
    setBusy(true);
    try {
      await api.call(LOTTERY_API.receiveAward, { awardsCode: win.redeemCode, addressInfo: values });
      track('PrizeClaim', {});
      p.onClaimed();
    } catch {
      setBusy(false);
    }
  };

  return (
    <>
      <PrizeCard win={win} />
      {step === 'form' ? (
        <section className="card" aria-labelledby="claim-form">
          <h1 id="claim-form">{t('claim.formTitle')}</h1>
          <p className="small">
            <Link to={rafflePath('address', { activeId: p.activeId, winId: win.winId })}>{t('claim.fromBook')}</Link>
          </p>
          <AddressForm
            key={p.chosen?.id ?? 'new'}
            initial={values ?? valuesOf(p.chosen)}
            submitLabel={t('claim.next')}
            onSubmit={(v) => {
              setValues(v);
              setStep('confirm');
            }}
          />
        </section>
      ) : values ? (
        <section className="card" aria-labelledby="claim-confirm">
          <h1 id="claim-confirm">{t('claim.confirmTitle')}</h1>
          <AddressLines a={values} />
          <p className="notice" role="note">
            {t('claim.warning')}
          </p>
          <div className="btn-row">
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setStep('form')}>
              {t('claim.edit')}
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => void submit()}>
              {t('claim.submit')}
            </button>
          </div>
        </section>
      ) : null}
    </>
  );
}
