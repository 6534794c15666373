import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TWinnerState, WinnerRow } from '../../../shared/api/lottery-claims';
import { OPERATIONS_API } from '../../../shared/api/routes-operations';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { LocalTime } from '../../ui/local-time';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useSignedInData } from '../accounts/use-signed-in-data';
import type { Route } from './+types/claims';
import { CampaignPicker, StateTabs } from './operations-parts';
import { useAction } from './use-action';
import './operations.css';

/** Winners and claims of one campaign: filter, search, export the shipping list, mark shipped or undo. */

export function loader({ request, context }: Route.LoaderArgs) {
  return { i18n: pageBase(request, context, ['console', 'operations', 'enums']).i18n };
}

const STATES: TWinnerState[] = ['all', 'toClaim', 'toShip', 'shipped', 'writtenOff'];

export default function Claims() {
  const { t } = useTranslation('operations');
  const [params, setParams] = useSearchParams();
  const campaignId = params.get('campaignId') ?? '';
  const state = (params.get('state') ?? 'toShip') as TWinnerState;
  const q = params.get('q') ?? '';
  const set = (patch: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...patch });
  return (
    <section className="ops">
      <h1>{t('claims.title')}</h1>
      <CampaignPicker value={campaignId} onChange={(id) => set({ campaignId: id })} />
      {campaignId ? (
        <Winners key={`${campaignId}|${state}|${q}`} campaignId={campaignId} state={state} q={q} onFilter={set} />
      ) : (
        <p className="muted">{t('claims.pickCampaign')}</p>
      )}
    </section>
  );
}

function Winners(p: { campaignId: string; state: TWinnerState; q: string; onFilter: (patch: Record<string, string>) => void }) {
  const { t } = useTranslation('operations');
  // The next page's cursor once more pages were read (undefined: the first page's).
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [more, setMore] = useState<WinnerRow[]>([]);
  const { state, reload } = useSignedInData(
    (api) => api.call(OPERATIONS_API.winners, { campaignId: p.campaignId, state: p.state, q: p.q }, { quiet: true }),
    [p.campaignId, p.state, p.q],
  );
  const api = useSignedInApi();
  const loadMore = async (before: string) => {
    const page = await api.call(OPERATIONS_API.winners, {
      campaignId: p.campaignId,
      state: p.state,
      q: p.q,
      before,
    });
    setMore([...more, ...page.list]);
    setCursor(page.next);
  };
  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    p.onFilter({ q: String(new FormData(e.currentTarget).get('q') ?? '') });
  };
  if (state.status === 'failed') return <p role="alert">{state.message}</p>;
  if (state.status !== 'ready') return <p className="muted">{t('loading')}</p>;
  const { list, counts } = state.data;
  const next = cursor === undefined ? state.data.next : cursor;
  const exportHref = `${OPERATIONS_API.shippingExport.path}?${new URLSearchParams({ campaignId: p.campaignId, state: 'toShip' })}`;
  return (
    <>
      <StateTabs
        states={STATES}
        current={p.state}
        counts={counts}
        label={(s) => t(`claims.state.${s}`)}
        onPick={(s) => p.onFilter({ state: s })}
      />
      <div className="ops-bar">
        <form onSubmit={search} className="ops-search">
          <input
            name="q"
            type="search"
            defaultValue={p.q}
            maxLength={60}
            aria-label={t('claims.search')}
            placeholder={t('claims.search')}
          />
          <button type="submit" className="btn btn-small">
            {t('search')}
          </button>
        </form>
        <a className="btn btn-small btn-secondary" href={exportHref} download>
          {t('claims.export')}
        </a>
      </div>
      {list.length === 0 ? <p className="muted">{t('claims.empty')}</p> : null}
      <ul className="ops-list">
        {[...list, ...more].map((w) => (
          <WinnerCard key={w.winId} win={w} onChange={reload} />
        ))}
      </ul>
      {next ? (
        <button type="button" className="btn btn-secondary btn-block" onClick={() => loadMore(next)}>
          {t('loadMore')}
        </button>
      ) : null}
    </>
  );
}

function WinnerCard({ win, onChange }: { win: WinnerRow; onChange: () => void }) {
  const { t } = useTranslation('operations');
  const api = useSignedInApi();
  const { busy, run } = useAction(onChange);
  const ship = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    void run(
      () =>
        api.call(OPERATIONS_API.ship, {
          winId: win.winId,
          carrier: String(f.get('carrier') ?? ''),
          trackingNumber: String(f.get('trackingNumber') ?? ''),
        }),
      t('claims.shippedToast'),
    );
  };
  const a = win.claim?.address;
  const stateKey = win.shipment ? 'shipped' : win.state === 'won' ? 'toClaim' : win.state === 'received' ? 'toShip' : 'writtenOff';
  return (
    <li className="card ops-card" data-testid="winner" data-win={win.winId}>
      <header className="ops-card-head">
        <strong>{win.prizeName}</strong>
        <span className={`badge ops-state-${stateKey}`}>{t(`claims.state.${stateKey}`)}</span>
      </header>
      <p className="small">
        {win.nickname} · <code>{win.redeemCode}</code> · <LocalTime at={win.wonAt} />
      </p>
      {a ? (
        <address className="small">
          {a.fullName} · {a.phone}
          <br />
          {[a.detail, a.street, a.city, a.province, a.postCode, a.country].filter(Boolean).join(', ')}
        </address>
      ) : null}
      {win.shipment ? (
        <div className="ops-row">
          <p className="small">
            {win.shipment.carrier} · <code>{win.shipment.trackingNumber}</code> · <LocalTime at={win.shipment.shippedAt} />
          </p>
          <button
            type="button"
            className="btn btn-small btn-secondary"
            disabled={busy}
            onClick={() => run(() => api.call(OPERATIONS_API.unship, { winId: win.winId }), t('claims.undoneToast'))}
          >
            {t('claims.undo')}
          </button>
        </div>
      ) : win.state === 'received' ? (
        <form className="ops-ship" onSubmit={ship}>
          <label className="ops-field">
            <span>{t('claims.carrier')}</span>
            <input name="carrier" required maxLength={60} autoComplete="off" />
          </label>
          <label className="ops-field">
            <span>{t('claims.tracking')}</span>
            <input name="trackingNumber" required maxLength={60} autoComplete="off" />
          </label>
          <button type="submit" className="btn btn-small" disabled={busy}>
            {t('claims.markShipped')}
          </button>
        </form>
      ) : null}
    </li>
  );
}
