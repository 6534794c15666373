import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { GiftCodeRow, TGiftCodeState } from '../../../shared/api/giftcode-admin';
import { GIFTPACK_API } from '../../../shared/api/routes-campaigns';
import { OPERATIONS_API } from '../../../shared/api/routes-operations';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { LocalTime } from '../../ui/local-time';
import { showToast } from '../../ui/toast';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useSignedInData } from '../accounts/use-signed-in-data';
import type { Route } from './+types/gift-codes';
import { CampaignPicker, StateTabs } from './operations-parts';
import './operations.css';

/** Gift codes of a campaign: generate a batch (downloaded once), each code's state, void unused ones. */

export function loader({ request, context }: Route.LoaderArgs) {
  return { i18n: pageBase(request, context, ['console', 'operations']).i18n };
}

const STATES: TGiftCodeState[] = ['all', 'unused', 'redeemed', 'expired', 'voided'];
const DAY = 86_400_000;

export default function GiftCodes() {
  const { t } = useTranslation('operations');
  const [params, setParams] = useSearchParams();
  const campaignId = params.get('campaignId') ?? '';
  const state = (params.get('state') ?? 'all') as TGiftCodeState;
  const set = (patch: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...patch });
  const [round, setRound] = useState(0);
  return (
    <section className="ops">
      <h1>{t('codes.title')}</h1>
      <CampaignPicker value={campaignId} kind="giftcode" onChange={(id) => set({ campaignId: id })} />
      {campaignId ? (
        <>
          <Generate campaignId={campaignId} onDone={() => setRound(round + 1)} />
          <Codes key={`${campaignId}|${state}|${round}`} campaignId={campaignId} state={state} onFilter={set} />
        </>
      ) : (
        <p className="muted">{t('codes.pickCampaign')}</p>
      )}
    </section>
  );
}

/** The codes as a CSV file made in the browser: the server keeps only their hashes. */
function csvOf(header: string, codes: string[]) {
  return `\ufeff${header}\r\n${codes.join('\r\n')}\r\n`;
}

function Generate({ campaignId, onDone }: { campaignId: string; onDone: () => void }) {
  const { t } = useTranslation('operations');
  const api = useSignedInApi();
  const [made, setMade] = useState<{ batchKey: string; codes: string[] } | null>(null);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const until = Date.parse(`${String(f.get('expires'))}T23:59:59`);
    try {
      const r = await api.call(GIFTPACK_API.generate, {
        campaignId: Number(campaignId),
        prizeId: Number(f.get('prizeId')),
        count: Number(f.get('count')),
        expiresAt: until,
      });
      setMade(r);
      onDone();
    } catch {
      // The client's toast says why.
    }
  };
  const href = made ? `data:text/csv;charset=utf-8,${encodeURIComponent(csvOf(t('codes.csvCode'), made.codes))}` : '';
  return (
    <details className="card">
      <summary>{t('codes.generate')}</summary>
      <form className="ops-ship" onSubmit={submit}>
        <label className="ops-field">
          <span>{t('codes.prize')}</span>
          <input name="prizeId" inputMode="numeric" required pattern="\d+" />
        </label>
        <label className="ops-field">
          <span>{t('codes.count')}</span>
          <input name="count" type="number" min={1} max={10000} defaultValue={100} required />
        </label>
        <label className="ops-field">
          <span>{t('codes.expires')}</span>
          <input name="expires" type="date" required defaultValue={new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10)} />
        </label>
        <button type="submit" className="btn btn-small">
          {t('codes.generateButton')}
        </button>
      </form>
      {made ? (
        <p role="status">
          {t('codes.generated', { count: made.codes.length, batch: made.batchKey })}{' '}
          <a className="btn btn-small" href={href} download={`gift-codes-${made.batchKey}.csv`}>
            {t('codes.download')}
          </a>
        </p>
      ) : null}
    </details>
  );
}

function Codes(p: { campaignId: string; state: TGiftCodeState; onFilter: (patch: Record<string, string>) => void }) {
  const { t } = useTranslation('operations');
  const [q, setQ] = useState('');
  const { state, reload } = useSignedInData(
    (api) => api.call(OPERATIONS_API.codes, { campaignId: p.campaignId, state: p.state, q }, { quiet: true }),
    [p.campaignId, p.state, q],
  );
  if (state.status === 'failed') return <p role="alert">{state.message}</p>;
  if (state.status !== 'ready') return <p className="muted">{t('loading')}</p>;
  const { list, counts } = state.data;
  return (
    <>
      <StateTabs
        states={STATES}
        current={p.state}
        counts={counts}
        label={(s) => t(`codes.state.${s}`)}
        onPick={(s) => p.onFilter({ state: s })}
      />
      <form
        className="ops-search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(String(new FormData(e.currentTarget).get('q') ?? ''));
        }}
      >
        <input
          name="q"
          type="search"
          defaultValue={q}
          maxLength={40}
          pattern="[A-Za-z0-9\-]*"
          aria-label={t('codes.search')}
          placeholder={t('codes.search')}
        />
        <button type="submit" className="btn btn-small">
          {t('search')}
        </button>
      </form>
      {list.length === 0 ? <p className="muted">{t('codes.empty')}</p> : null}
      <ul className="ops-list">
        {list.map((c) => (
          <CodeCard key={c.id} code={c} onChange={reload} />
        ))}
      </ul>
    </>
  );
}

function CodeCard({ code, onChange }: { code: GiftCodeRow; onChange: () => void }) {
  const { t } = useTranslation('operations');
  const api = useSignedInApi();
  const voidIt = async () => {
    if (!window.confirm(t('codes.voidConfirm', { hint: code.hint }))) return;
    try {
      await api.call(OPERATIONS_API.voidCode, { codeId: code.id });
      showToast(t('codes.voidedToast'));
      onChange();
    } catch {
      // The client's toast says why.
    }
  };
  return (
    <li className="card ops-card" data-testid="gift-code">
      <header className="ops-card-head">
        <code>…{code.hint}</code>
        <span className={`badge ops-state-${code.state}`}>{t(`codes.state.${code.state}`)}</span>
      </header>
      <p className="small">
        {code.prizeName} · {t('codes.batch', { batch: code.batchKey || '—' })} · <LocalTime at={code.expiresAt} style="date" />
      </p>
      {code.redeemedBy && code.redeemedAt !== null ? (
        <p className="small">
          {t('codes.redeemedBy', { name: code.redeemedBy.nickname })} · <LocalTime at={code.redeemedAt} />
        </p>
      ) : null}
      {code.state === 'unused' || code.state === 'expired' ? (
        <button type="button" className="btn btn-small btn-secondary" onClick={voidIt}>
          {t('codes.void')}
        </button>
      ) : null}
    </li>
  );
}
