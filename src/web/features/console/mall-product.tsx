import { type FormEvent, useState } from 'react';
import { data, Link, useNavigate } from 'react-router';
import type { FieldIssue } from '../../../shared/api/envelope';
import type * as mall from '../../../shared/api/mall';
import { MALL_API } from '../../../shared/api/routes-mall';
import { LOCALES } from '../../../shared/i18n';
import { MAX_QUANTITY, PRODUCT_MAX } from '../../../shared/mall-rules';
import { useApi } from '../../api/use-api';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { showToast } from '../../ui/toast';
import type { Route } from './+types/mall-product';
import type { Texts } from './campaign-draft';
import { NotYours } from './catalogue-parts';
import { FieldIssues, issuesOf } from './field-issues';
import { TextsField } from './form-parts';
import { mayView, sectionStatus } from './mall-access';
import { consolePaths } from './paths';
import { uploadImage } from './upload';
import './operations.css';
import './catalogue.css';

/**
 * A product's form (`/admin/mall/products/new`, `/admin/mall/products/<id>`): names and
 * descriptions in the four languages side by side, images uploaded here (the first is the cover),
 * the price in yuan (stored in fen), the stock when creating (afterwards it moves by restock, so a
 * sale in between is not undone), the per-order cap and whether it is on sale. The server checks
 * it all again; its refusal names the field.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['console', 'catalogue']);
  const allowed = await mayView(context, 'mall');
  const id = params.id === undefined ? null : Number(params.id);
  const product = allowed && id !== null ? ((await context.services.mallAdmin.products()).items.find((p) => p.id === id) ?? null) : null;
  const status = !allowed ? sectionStatus(false) : id !== null && !product ? 404 : 200;
  return data({ i18n: base.i18n, allowed, id, product }, { status, headers: { 'cache-control': 'private, no-store' } });
}

const blank = (): Texts => Object.fromEntries(LOCALES.map((l) => [l, ''])) as Texts;
/** `12.3` yuan → 1230 fen; NaN when it is not an amount with at most two decimals. */
const toFen = (yuan: string) => (/^\d{1,7}(\.\d{1,2})?$/.test(yuan.trim()) ? Math.round(Number(yuan) * 100) : Number.NaN);

export default function MallProduct({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalogue');
  if (!loaderData.allowed) return <NotYours />;
  if (loaderData.id !== null && !loaderData.product) return <p className="card muted">{t('mall.noProduct')}</p>;
  return <ProductForm key={loaderData.id ?? 'new'} product={loaderData.product} />;
}

function ProductForm({ product }: { product: mall.AdminProduct | null }) {
  const { t } = useTranslation('catalogue');
  const { locale } = useApp();
  const api = useApi();
  const navigate = useNavigate();
  const [name, setName] = useState<Texts>(product ? { ...product.name } : blank());
  const [description, setDescription] = useState<Texts>(product ? { ...product.description } : blank());
  const [images, setImages] = useState<string[]>(product?.imageUrls ?? []);
  const [upload, setUpload] = useState<'idle' | 'busy' | string>('idle');
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [busy, setBusy] = useState(false);

  async function pick(files: FileList | null) {
    for (const file of Array.from(files ?? []).slice(0, PRODUCT_MAX.images - images.length)) {
      setUpload('busy');
      const r = await uploadImage(file, locale, MALL_API.adminImage.path);
      if ('error' in r) return setUpload(r.error);
      setImages((all) => [...all, r.url]);
    }
    setUpload('idle');
  }

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const priceFen = toFen(String(f.get('price') ?? ''));
    if (Number.isNaN(priceFen)) return setIssues([{ field: 'priceFen', message: t('product.priceFormat') }]);
    setBusy(true);
    setIssues([]);
    try {
      await api.call(MALL_API.adminSaveProduct, {
        ...(product ? { id: product.id } : { stock: Number(f.get('stock')) }),
        name,
        description,
        imageUrls: images,
        priceFen,
        maxPerOrder: Number(f.get('maxPerOrder')),
        position: Number(f.get('position')),
        onSale: f.get('onSale') === 'on',
      });
      showToast(t('product.saved'));
      navigate(consolePaths.mall);
    } catch (err) {
      // The client's toast says why; a parameter error also names its fields here.
      setIssues(issuesOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ops cat-form" onSubmit={save} noValidate>
      <h1>{product ? t('product.editTitle') : t('product.newTitle')}</h1>
      <TextsField legend={t('product.name')} value={name} onChange={setName} />
      <TextsField legend={t('product.description')} value={description} onChange={setDescription} long />
      <fieldset className="card cat-images">
        <legend>{t('product.images')}</legend>
        <p className="small muted">{t('product.imagesHint', { max: PRODUCT_MAX.images })}</p>
        <ul className="cat-image-list">
          {images.map((url, i) => (
            <li key={url}>
              <img src={url} alt={t('product.imageN', { n: i + 1 })} width={72} height={72} />
              <button type="button" className="btn btn-small btn-secondary" onClick={() => setImages(images.filter((u) => u !== url))}>
                {t('product.removeImage', { n: i + 1 })}
              </button>
            </li>
          ))}
        </ul>
        {images.length < PRODUCT_MAX.images ? (
          <label className="ops-field">
            <span>{t('product.addImage')}</span>
            <input type="file" multiple accept="image/png,image/jpeg,image/webp,image/gif" onChange={(e) => void pick(e.target.files)} />
          </label>
        ) : null}
        {upload === 'busy' ? <p role="status">{t('product.uploading')}</p> : null}
        {upload !== 'idle' && upload !== 'busy' ? <p role="alert">{upload}</p> : null}
      </fieldset>
      <div className="card cat-grid">
        <label className="ops-field">
          <span>{t('product.price')}</span>
          <input
            name="price"
            inputMode="decimal"
            required
            defaultValue={product ? (product.priceFen / 100).toFixed(2) : ''}
            autoComplete="off"
          />
        </label>
        {product ? (
          <p className="small">{t('product.stockNote', { stock: product.stock })}</p>
        ) : (
          <label className="ops-field">
            <span>{t('product.stock')}</span>
            <input name="stock" type="number" min={0} max={1_000_000} required defaultValue={0} inputMode="numeric" />
          </label>
        )}
        <label className="ops-field">
          <span>{t('product.maxPerOrder')}</span>
          <input name="maxPerOrder" type="number" min={1} max={MAX_QUANTITY} required defaultValue={product?.maxPerOrder ?? 10} />
        </label>
        <label className="ops-field">
          <span>{t('product.position')}</span>
          <input name="position" type="number" min={0} max={1_000_000} required defaultValue={product?.position ?? 0} />
        </label>
        <label className="cat-check">
          <input name="onSale" type="checkbox" defaultChecked={product?.onSale ?? true} />
          <span>{t('product.onSale')}</span>
        </label>
      </div>
      <FieldIssues issues={issues} label={(field) => t('product.field', { field })} />
      <div className="ops-row">
        <button type="submit" className="btn" disabled={busy || upload === 'busy'}>
          {t('product.save')}
        </button>
        <Link className="btn btn-secondary" to={consolePaths.mall}>
          {t('product.cancel')}
        </Link>
      </div>
    </form>
  );
}
