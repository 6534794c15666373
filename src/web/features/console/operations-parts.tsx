import { LOTTERY_ADMIN_API } from '../../../shared/api/lottery-admin';
import { useTranslation } from '../../i18n/react';
import { useSignedInData } from '../accounts/use-signed-in-data';

/** The campaign a winners or gift-code page shows, among those the staff member may see. */
export function CampaignPicker({ value, onChange, kind }: { value: string; onChange: (id: string) => void; kind?: 'giftcode' }) {
  const { t, locale } = useTranslation('operations');
  const { state } = useSignedInData((api) => api.call(LOTTERY_ADMIN_API.list, kind ? { kind } : {}, { quiet: true }), [kind]);
  const items = state.status === 'ready' ? state.data.items : [];
  return (
    <label className="ops-field">
      <span>{t('claims.campaign')}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('claims.choose')}</option>
        {items.map((c) => (
          <option key={c.id} value={String(c.id)}>
            #{c.id} {c.title[locale] ?? c.title.en}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A list's state filter: one button per state, the current one pressed, with its count. */
export function StateTabs<S extends string>(p: {
  states: readonly S[];
  current: S;
  counts: Partial<Record<S, number>>;
  label: (state: S) => string;
  onPick: (state: S) => void;
}) {
  return (
    <div className="ops-tabs">
      {p.states.map((s) => (
        <button
          key={s}
          type="button"
          className={`btn btn-small ${s === p.current ? '' : 'btn-secondary'}`}
          aria-pressed={s === p.current}
          onClick={() => p.onPick(s)}
        >
          {p.label(s)}
          {p.counts[s] !== undefined ? ` (${p.counts[s]})` : ''}
        </button>
      ))}
    </div>
  );
}
