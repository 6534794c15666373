import { useState } from 'react';
import type { ProductCard } from '../../../shared/api/mall';
import { MALL_API } from '../../../shared/api/routes-mall';
import { useApi } from '../../api/use-api';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { EmptyIcon } from '../../ui/icons';
import { StateView } from '../../ui/state-view';
import type { Route } from './+types/list';
import { mallBase } from './mall-loader';
import { mallPaths } from './mall-paths';
import { MallNav, ProductTile, useCart } from './parts';
import './mall.css';

const PAGE = 20;

/**
 * The mall (`/wechat-pay/mall`, `/mall-dev`, and `/mall2-dev`, its second look: two columns):
 * the products on sale, more on demand. The same for every visitor in a language, so it is
 * rendered and cached; the cart's count is filled in by the signed-in browser.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = mallBase(request, context);
  const first = await context.services.mall.products(base.locale, { limit: PAGE });
  return {
    i18n: base.i18n,
    mallPath: base.mallPath,
    version: base.version,
    first,
    head: { title: base.t('mall', 'title'), description: base.t('mall', 'metaDescription'), canonical: base.canonical },
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function MallList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('mall');
  const { first, version } = loaderData;
  const paths = mallPaths(loaderData.mallPath);
  const api = useApi();
  const { count } = useCart();
  const [items, setItems] = useState<ProductCard[]>(first.items);
  const [more, setMore] = useState(first.more);
  const [busy, setBusy] = useState(false);

  const loadMore = async () => {
    const last = items.at(-1);
    if (!last) return;
    setBusy(true);
    try {
      const page = await api.call(MALL_API.products, { before: last.id, limit: PAGE });
      setItems((list) => [...list, ...page.items.filter((p) => !list.some((x) => x.id === p.id))]);
      setMore(page.more);
    } catch {
      // The client showed why; the button stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className={`mall mall-v${version}`}>
      <MallNav paths={paths} count={count} />
      <h1 className="page-title">{t('title')}</h1>
      {items.length === 0 ? (
        <StateView icon={<EmptyIcon />} title={t('list.emptyTitle')}>
          <p className="muted">{t('list.emptyText')}</p>
        </StateView>
      ) : (
        <ul className={version === 2 ? 'mall-grid mall-grid-2' : 'mall-grid'}>
          {items.map((p) => (
            <ProductTile key={p.id} product={p} to={paths.product(p.id)} />
          ))}
        </ul>
      )}
      {more ? (
        <button type="button" className="btn btn-secondary btn-block mall-more" disabled={busy} onClick={() => void loadMore()}>
          {t(busy ? 'loading' : 'list.more')}
        </button>
      ) : null}
    </article>
  );
}
