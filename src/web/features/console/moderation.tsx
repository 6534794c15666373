import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type * as mod from '../../../shared/api/moderation';
import type { QueueItem } from '../../../shared/api/moderation';
import { OPERATIONS_API } from '../../../shared/api/routes-operations';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { LocalTime } from '../../ui/local-time';
import { showToast } from '../../ui/toast';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useSignedInData } from '../accounts/use-signed-in-data';
import type { Route } from './+types/moderation';
import './operations.css';

/** The moderation queue (staff with the `content` scope): reported items, hide, restore, dismiss. */

export function loader({ request, context }: Route.LoaderArgs) {
  return { i18n: pageBase(request, context, ['console', 'operations', 'content']).i18n };
}

const STATES = ['open', 'hidden', 'all'] as const;

export default function Moderation() {
  const { t } = useTranslation('operations');
  const [params, setParams] = useSearchParams();
  const state = (STATES as readonly string[]).includes(params.get('state') ?? '')
    ? (params.get('state') as (typeof STATES)[number])
    : 'open';
  const { state: data, reload } = useSignedInData((api) => api.call(OPERATIONS_API.queue, { state }, { quiet: true }), [state]);
  return (
    <section className="ops">
      <h1>{t('moderation.title')}</h1>
      <div className="ops-tabs">
        {STATES.map((s) => (
          <button
            key={s}
            type="button"
            className={`btn btn-small ${s === state ? '' : 'btn-secondary'}`}
            aria-pressed={s === state}
            onClick={() => setParams({ state: s })}
          >
            {t(`moderation.state.${s}`)}
          </button>
        ))}
      </div>
      {data.status === 'failed' ? <p role="alert">{data.message}</p> : null}
      {data.status === 'loading' ? <p className="muted">{t('loading')}</p> : null}
      {data.status === 'ready' && data.data.list.length === 0 ? <p className="muted">{t('moderation.empty')}</p> : null}
      {data.status === 'ready' ? (
        <ul className="ops-list">
          {data.data.list.map((i) => (
            <QueueCard key={`${i.itemType}:${i.itemId}`} item={i} onChange={reload} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function QueueCard({ item, onChange }: { item: QueueItem; onChange: () => void }) {
  const { t } = useTranslation('operations');
  const c = useTranslation('content');
  const api = useSignedInApi();
  const [busy, setBusy] = useState(false);
  const act = async (route: (typeof OPERATIONS_API)['hide' | 'restore' | 'dismiss'], done: string) => {
    setBusy(true);
    try {
      await api.call(route, { itemType: item.itemType, itemId: item.itemId });
      showToast(done);
      onChange();
    } catch {
      // The client's toast says why.
    } finally {
      setBusy(false);
    }
  };
  const hideable = item.itemType !== 'user';
  return (
    <li className="card ops-card" data-testid="report" data-item={`${item.itemType}:${item.itemId}`}>
      <header className="ops-card-head">
        <strong>
          {t(`moderation.kind.${item.itemType}`)} #{item.itemId}
        </strong>
        {item.hidden ? <span className="badge ops-state-hidden">{t('moderation.hidden')}</span> : null}
      </header>
      <p className="ops-excerpt">{item.excerpt}</p>
      <p className="small muted">
        {t('moderation.by', { name: item.authorName })} · {t('moderation.reports', { count: item.reports })} ·{' '}
        <LocalTime at={item.lastReportedAt} />
      </p>
      <p className="small">
        {Object.entries(item.reasons)
          .map(([r, n]) => `${c.t(`report.reasons.${r as mod.TReportReason}`)} ×${n}`)
          .join(' · ')}
      </p>
      {item.notes.map((n) => (
        <blockquote key={n} className="small ops-excerpt">
          {n}
        </blockquote>
      ))}
      <div className="ops-row">
        <a className="btn btn-small btn-secondary" href={item.link} target="_blank" rel="noreferrer">
          {t('moderation.open')}
        </a>
        {hideable && !item.hidden ? (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() => act(OPERATIONS_API.hide, t('moderation.hiddenToast'))}
          >
            {t('moderation.hide')}
          </button>
        ) : null}
        {hideable && item.hidden ? (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() => act(OPERATIONS_API.restore, t('moderation.restoredToast'))}
          >
            {t('moderation.restore')}
          </button>
        ) : null}
        {!item.hidden ? (
          <button
            type="button"
            className="btn btn-small btn-secondary"
            disabled={busy}
            onClick={() => act(OPERATIONS_API.dismiss, t('moderation.dismissedToast'))}
          >
            {t('moderation.dismiss')}
          </button>
        ) : null}
      </div>
    </li>
  );
}
