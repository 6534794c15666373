import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ShippingAddress } from '../../../shared/api/addresses';
import { ADDRESS_API } from '../../../shared/api/routes-lottery';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useSignedInData } from '../accounts/use-signed-in-data';
import type { Route } from './+types/address';
import { AddressLines } from './address-form';
import { Personal } from './personal-states';
import { personalPage, raffleBase } from './raffle-loader';
import { queryId, rafflePath } from './raffle-paths';
import './raffle.css';

/**
 * The address book (`/activitys/address`): the default first; set default, edit, delete, add
 * (at most 20). Opened from a claim (`winId`), each address can be chosen to ship the prize to.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const base = raffleBase(request, context);
  return { ...personalPage(base, 'address.title'), winId: queryId(base.url.searchParams, 'winId') };
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function AddressBook({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('lottery');
  const { activeId, winId } = loaderData;
  const api = useSignedInApi();
  const navigate = useNavigate();
  const { state, reload } = useSignedInData((a) => a.call(ADDRESS_API.list, undefined, { quiet: true }), []);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const act = async (id: string, route: typeof ADDRESS_API.delete | typeof ADDRESS_API.setDefault) => {
    setBusy(id);
    try {
      await api.call(route, { id });
      reload();
    } catch {
      // The client showed why.
    } finally {
      setBusy(null);
      setConfirming(null);
    }
  };
  const query = { activeId, winId };

  return (
    <div className="raffle-page">
      <Personal state={state} title={t('address.title')}>
        {({ list, limit }) => (
          <>
            <h1 className="page-title">{t(winId ? 'address.chooseTitle' : 'address.title')}</h1>
            {list.length === 0 ? <p className="card muted">{t('address.empty')}</p> : null}
            {list.map((a: ShippingAddress) => (
              <article key={a.id} className="card address-card" aria-busy={busy === a.id}>
                {a.isDefault ? <span className="badge">{t('address.default')}</span> : null}
                <AddressLines a={a} />
                <div className="btn-row">
                  {winId ? (
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => navigate(rafflePath('confirmation-prize', { ...query, addressId: a.id }))}
                    >
                      {t('address.shipHere')}
                    </button>
                  ) : null}
                  {a.isDefault ? null : (
                    <button
                      type="button"
                      className="btn btn-small btn-secondary"
                      disabled={!!busy}
                      onClick={() => void act(a.id, ADDRESS_API.setDefault)}
                    >
                      {t('address.makeDefault')}
                    </button>
                  )}
                  <Link className="btn btn-small btn-secondary" to={rafflePath('new-address', { ...query, id: a.id })}>
                    {t('address.edit')}
                  </Link>
                  {confirming === a.id ? (
                    <button
                      type="button"
                      className="btn btn-small btn-danger"
                      disabled={!!busy}
                      onClick={() => void act(a.id, ADDRESS_API.delete)}
                    >
                      {t('address.confirmDelete')}
                    </button>
                  ) : (
                    <button type="button" className="btn btn-small btn-danger-outline" onClick={() => setConfirming(a.id)}>
                      {t('address.delete')}
                    </button>
                  )}
                </div>
              </article>
            ))}
            {list.length >= limit ? (
              <p className="card muted" role="status">
                {t('address.full', { max: limit })}
              </p>
            ) : (
              <Link className="btn btn-block" to={rafflePath('new-address', query)}>
                {t('address.add')}
              </Link>
            )}
          </>
        )}
      </Personal>
    </div>
  );
}
