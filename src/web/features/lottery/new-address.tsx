import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ADDRESS_API } from '../../../shared/api/routes-lottery';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { useSignedInApi } from '../accounts/signed-in-api';
import { useSignedInData } from '../accounts/use-signed-in-data';
import type { Route } from './+types/new-address';
import { AddressForm, type AddressValues, valuesOf } from './address-form';
import { Personal } from './personal-states';
import { personalPage, raffleBase } from './raffle-loader';
import { queryId, rafflePath, sitePath, withAddress } from './raffle-paths';

/**
 * Add an address, or edit one (`?id=`), then back to the book (keeping a claim under way). With
 * `?returnTo=<a path of this site>` (the mall's checkout), a new address goes back there instead,
 * with `addressId` added so it is the one chosen.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const base = raffleBase(request, context);
  const id = queryId(base.url.searchParams, 'id');
  return {
    ...personalPage(base, id ? 'address.editTitle' : 'address.addTitle'),
    id: id ? String(id) : null,
    winId: queryId(base.url.searchParams, 'winId'),
    returnTo: sitePath(base.url.searchParams.get('returnTo')),
  };
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function NewAddress({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('lottery');
  const { id, activeId, winId, returnTo } = loaderData;
  const api = useSignedInApi();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [makeDefault, setMakeDefault] = useState(false);
  const { state } = useSignedInData((a) => a.call(ADDRESS_API.list, undefined, { quiet: true }), []);
  const title = t(id ? 'address.editTitle' : 'address.addTitle');

  const save = async (values: AddressValues) => {
    setBusy(true);
    try {
      const input = { ...values, ...(makeDefault ? { isDefault: true } : {}) };
      const saved = id ? await api.call(ADDRESS_API.update, { ...input, id }) : await api.call(ADDRESS_API.add, input);
      // From a claim (or the mall's checkout), a new address is the one to ship to; otherwise back to the book.
      navigate(
        returnTo && !id
          ? withAddress(returnTo, saved.id)
          : winId && !id
            ? rafflePath('confirmation-prize', { activeId, winId, addressId: saved.id })
            : rafflePath('address', { activeId, winId }),
      );
    } catch {
      setBusy(false);
    }
  };

  return (
    <div className="raffle-page">
      <Personal state={state} title={title}>
        {({ list }) => {
          const editing = id ? list.find((a) => a.id === id) : null;
          if (id && !editing) return <p className="card muted">{t('address.missing')}</p>;
          return (
            <section className="card">
              <h1>{title}</h1>
              <AddressForm
                initial={valuesOf(editing)}
                busy={busy}
                submitLabel={t('address.save')}
                onSubmit={save}
                extra={
                  editing?.isDefault ? null : (
                    <label className="check">
                      <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} />{' '}
                      {t('address.setDefault')}
                    </label>
                  )
                }
              />
            </section>
          );
        }}
      </Personal>
    </div>
  );
}
