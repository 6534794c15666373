import { useState } from 'react';
import { PrizeKind } from '../../../shared/enums';
import { LOCALES } from '../../../shared/i18n';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { type DraftPrize, missing } from './campaign-draft';
import { uploadImage } from './upload';

/**
 * One prize of a campaign's form: kind, names, image (uploaded), stock, cap, value and, for a
 * raffle, its weight and published odds.
 */
export function PrizeEditor(p: {
  index: number;
  prize: DraftPrize;
  /** The prize is drawn by weight (a raffle): its odds, else null. */
  odds: number | null;
  /** The campaign has draws: only stock, weight, names and image may change. */
  locked: boolean;
  onChange: (next: DraftPrize) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('console');
  const { t: te } = useTranslation('enums');
  const { locale } = useApp();
  const [upload, setUpload] = useState<'idle' | 'busy' | string>('idle');
  const { prize } = p;
  const n = p.index + 1;
  const set = (patch: Partial<DraftPrize>) => p.onChange({ ...prize, ...patch });
  const num = (v: string) => (v === '' ? 0 : Number(v));
  const gaps = missing(prize.name);

  async function pick(file: File | undefined) {
    if (!file) return;
    setUpload('busy');
    const r = await uploadImage(file, locale);
    if ('url' in r) {
      set({ imageUrl: r.url });
      setUpload('idle');
    } else setUpload(r.error);
  }

  return (
    <fieldset className="console-prize" aria-label={t('raffle.prizeN', { n })}>
      <legend>{t('raffle.prizeN', { n })}</legend>
      <div className="console-prize-grid">
        <label>
          {t('raffle.kind')}
          <select value={prize.kind} disabled={p.locked} onChange={(e) => set({ kind: Number(e.target.value) as DraftPrize['kind'] })}>
            {Object.values(PrizeKind).map((k) => (
              <option key={k} value={k}>
                {te(`prizeKind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('raffle.stock')}
          <input type="number" min={0} value={prize.stock} onChange={(e) => set({ stock: num(e.target.value) })} />
        </label>
        {p.odds === null ? null : (
          <label>
            {t('raffle.weight')}
            <input type="number" min={0} value={prize.weight} onChange={(e) => set({ weight: num(e.target.value) })} />
          </label>
        )}
        <label>
          {t('raffle.perUserCap')}
          <input
            type="number"
            min={1}
            disabled={p.locked}
            value={prize.perUserCap ?? ''}
            onChange={(e) => set({ perUserCap: e.target.value === '' ? null : num(e.target.value) })}
          />
        </label>
        <label>
          {t('raffle.value')}
          <input type="number" min={0} disabled={p.locked} value={prize.value} onChange={(e) => set({ value: num(e.target.value) })} />
        </label>
        {p.odds === null ? null : (
          <output className="console-odds" data-testid={`odds-${n}`}>
            {t('raffle.odds', { pct: p.odds.toFixed(2) })}
          </output>
        )}
      </div>
      <div className="console-langs">
        {LOCALES.map((l) => (
          <label key={l} className={prize.name[l].trim() === '' ? 'console-lang-missing' : undefined}>
            {t('raffle.prizeName', { language: t(`languages.${l}`) })}
            <input lang={l} value={prize.name[l]} onChange={(e) => set({ name: { ...prize.name, [l]: e.target.value } })} />
          </label>
        ))}
      </div>
      {gaps.length > 0 ? <p className="console-missing">{t('raffle.missing', { languages: gaps.join(', ') })}</p> : null}
      <div className="console-prize-image">
        {prize.imageUrl ? <img src={prize.imageUrl} alt={t('raffle.imageOf', { n })} width={64} height={64} /> : null}
        <label>
          {t('raffle.image')}
          <input type="file" accept="image/png,image/jpeg,image/webp,image/gif" onChange={(e) => void pick(e.target.files?.[0])} />
        </label>
        {upload === 'busy' ? <span role="status">{t('raffle.uploading')}</span> : null}
        {upload !== 'idle' && upload !== 'busy' ? <span role="alert">{upload}</span> : null}
      </div>
      {p.locked ? null : (
        <button type="button" className="btn btn-secondary" onClick={p.onRemove}>
          {t('raffle.removePrize')}
        </button>
      )}
    </fieldset>
  );
}
