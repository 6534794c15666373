import { useState } from 'react';
import { Form, Link, useRevalidator } from 'react-router';
import { CAMPAIGN_KINDS, CAMPAIGN_STATES, LOTTERY_ADMIN_API, type TCampaignListItem } from '../../../shared/api/lottery-admin';
import { campaignScope, may } from '../../../shared/console-access';
import { useApi } from '../../api/use-api';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import type { Route } from './+types/campaigns';

import { consoleAccess } from './console-loader';
import { consolePaths } from './paths';

/**
 * Every campaign the user may see, by kind and state (filters in the address, so a view can be
 * shared), with the state changes each allows: pause for restocking, resume (publish a draft),
 * end early; each opens in its kind's form, and any can be duplicated.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['console', 'campaignforms', 'enums']);
  const access = await consoleAccess(context);
  const kind = CAMPAIGN_KINDS.find((k) => k === base.url.searchParams.get('kind'));
  const state = CAMPAIGN_STATES.find((s) => s === base.url.searchParams.get('state'));
  const allowed = access.state === 'staff' && may(access.grants, 'view', { type: 'area', area: 'campaigns' });
  const items = allowed ? (await context.services.console.campaigns({ kind, state, ids: campaignScope(access.grants) })).items : [];
  const canCreate = access.state === 'staff' && may(access.grants, 'change', { type: 'area', area: 'campaigns' });
  return { i18n: base.i18n, allowed, items, kind: kind ?? '', state: state ?? '', canCreate };
}

export default function Campaigns({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('console');
  const { items, kind, state, canCreate } = loaderData;
  return (
    <section>
      <h1>{t('campaigns.title')}</h1>
      <div className="console-toolbar">
        <Form method="get" className="console-filters">
          <label>
            {t('campaigns.kind')}
            <select name="kind" defaultValue={kind}>
              <option value="">{t('campaigns.all')}</option>
              {CAMPAIGN_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kinds.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('campaigns.state')}
            <select name="state" defaultValue={state}>
              <option value="">{t('campaigns.all')}</option>
              {CAMPAIGN_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`states.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn btn-secondary">
            {t('campaigns.filter')}
          </button>
        </Form>
      </div>
      {canCreate ? <NewCampaign /> : null}
      {items.length === 0 ? (
        <p className="card muted">{t('campaigns.empty')}</p>
      ) : (
        <div className="console-table-wrap card">
          <table className="console-stack">
            <thead>
              <tr>
                <th scope="col">{t('campaigns.name')}</th>
                <th scope="col">{t('campaigns.kind')}</th>
                <th scope="col">{t('campaigns.state')}</th>
                <th scope="col">{t('campaigns.stock')}</th>
                <th scope="col">{t('campaigns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((c) => (
                <Row key={c.id} c={c} canCreate={canCreate} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Row({ c, canCreate }: { c: TCampaignListItem; canCreate: boolean }) {
  const { t, locale } = useTranslation('console');
  const api = useApi();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const title = c.title[locale] ?? c.title.en ?? '';
  async function act(action: 'pause' | 'resume' | 'end') {
    if (action === 'end' && !window.confirm(t('campaigns.confirmEnd', { name: title }))) return;
    setBusy(true);
    try {
      await api.call(LOTTERY_ADMIN_API.state, { id: c.id, action });
      await revalidator.revalidate();
    } catch {
      // The client showed the refusal.
    } finally {
      setBusy(false);
    }
  }
  const live = c.state !== 'ended';
  return (
    <tr>
      <th scope="row" className="console-stack-head">
        <Link to={consolePaths.campaign(c.id)}>{title}</Link> <span className="muted">#{c.id}</span>
      </th>
      <td data-label={t('campaigns.kind')}>{t(`kinds.${c.kind}`)}</td>
      <td data-label={t('campaigns.state')} data-testid={`state-${c.id}`}>
        {t(`states.${c.state}`)}
      </td>
      <td data-label={t('campaigns.stock')}>{c.stock}</td>
      <td className="console-actions">
        {live && !c.state.startsWith('rest') ? (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => act('pause')}>
            {t('campaigns.pause')}
          </button>
        ) : null}
        {c.state === 'restocking' ? (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => act('resume')}>
            {t('campaigns.resume')}
          </button>
        ) : null}
        {c.state === 'ongoing' || c.state === 'restocking' ? (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => act('end')}>
            {t('campaigns.end')}
          </button>
        ) : null}
        {canCreate ? (
          <Link className="btn btn-secondary" to={consolePaths.duplicate(c.id)}>
            {t('campaigns.duplicate')}
          </Link>
        ) : null}
      </td>
    </tr>
  );
}

/** A new campaign of each kind; a blind box is a raffle with the box look. */
function NewCampaign() {
  const { t } = useTranslation('campaignforms');
  return (
    <nav className="console-new" aria-label={t('newLabel')}>
      {CAMPAIGN_KINDS.map((k) => (
        <Link key={k} className="btn btn-secondary" to={consolePaths.newCampaign(k)}>
          {t(`newTitle.${k}`)}
        </Link>
      ))}
      <Link className="btn btn-secondary" to={consolePaths.newCampaign('raffle', 'box')}>
        {t('newBlindBox')}
      </Link>
    </nav>
  );
}
