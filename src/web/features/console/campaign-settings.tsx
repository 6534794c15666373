import { RAFFLE_LOOKS } from '../../../shared/api/lottery';
import type { TCampaignKind } from '../../../shared/api/lottery-admin';
import { LOCALES } from '../../../shared/i18n';
import type { Resources } from '../../i18n/namespaces';
import { useTranslation } from '../../i18n/react';
import { type DraftCard, type DraftSettings, missing, newCard } from './campaign-draft';
import { NumberField } from './form-parts';

/**
 * The settings of one kind of campaign (the server's campaign settings; it checks every value
 * again). Raffles: how chances are granted and priced, and the look of their page; check-in: the
 * coins of each day of a streak; newcomer packs: how long an account counts as new; invites: coins
 * per friend and the reward tiers; collections: the cards.
 */
type NumericSetting = keyof Resources['campaignforms']['settings'];
const NUMBERS: Partial<Record<TCampaignKind, NumericSetting[]>> = {
  raffle: ['dailyChances', 'campaignChances', 'premiumDailyChances', 'shareChances', 'shareDailyCap', 'inviteChances', 'exchangeCost'],
  newcomer: ['newcomerDays'],
  invite: ['inviteCoins', 'releaseLevel'],
};

export function KindSettings({
  kind,
  value,
  onChange,
}: {
  kind: TCampaignKind;
  value: DraftSettings;
  onChange: (v: DraftSettings) => void;
}) {
  const { t } = useTranslation('campaignforms');
  const set = (patch: DraftSettings) => onChange({ ...value, ...patch });
  return (
    <fieldset className="card console-settings">
      <legend>{t('settingsTitle')}</legend>
      <p className="muted">{t(`about.${kind}`)}</p>
      <div className="console-settings-grid">
        {kind === 'raffle' ? (
          <label>
            {t('look')}
            <select value={value.look ?? 'wheel'} onChange={(e) => set({ look: e.target.value })}>
              {RAFFLE_LOOKS.map((l) => (
                <option key={l} value={l}>
                  {t(`looks.${l}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {(NUMBERS[kind] ?? []).map((f) => (
          <NumberField key={f} label={t(`settings.${f}`)} value={value[f] as number | undefined} onChange={(n) => set({ [f]: n })} />
        ))}
        {kind === 'raffle' || kind === 'newcomer' || kind === 'giftcode' ? (
          <label>
            {t('minAppVersion')}
            <input
              value={(value.minAppVersion as string | undefined) ?? ''}
              inputMode="decimal"
              placeholder="5.2.0"
              onChange={(e) => set({ minAppVersion: e.target.value })}
            />
          </label>
        ) : null}
      </div>
      {kind === 'checkin' ? (
        <NumberList
          legend={t('checkinRewards')}
          itemLabel={(n) => t('dayN', { n })}
          value={value.checkinRewards ?? []}
          onChange={(checkinRewards) => set({ checkinRewards })}
          add={t('addDay')}
          remove={t('removeDay')}
          next={(l) => l[l.length - 1] ?? 10}
        />
      ) : null}
      {kind === 'invite' ? (
        <NumberList
          legend={t('inviteTiers')}
          itemLabel={(n) => t('tierN', { n })}
          value={value.inviteTiers ?? []}
          onChange={(inviteTiers) => set({ inviteTiers })}
          add={t('addTier')}
          remove={t('removeTier')}
          next={(l) => (l[l.length - 1] ?? 0) + 1}
        />
      ) : null}
      {kind === 'collection' ? (
        <Cards value={value.collectionCards ?? []} onChange={(collectionCards) => set({ collectionCards })} />
      ) : null}
    </fieldset>
  );
}

/** A list of whole numbers (a streak's coins per day, the friends each tier needs). */
function NumberList(p: {
  legend: string;
  itemLabel: (n: number) => string;
  value: number[];
  onChange: (v: number[]) => void;
  add: string;
  remove: string;
  next: (list: number[]) => number;
}) {
  return (
    <fieldset className="console-list">
      <legend>{p.legend}</legend>
      <div className="console-settings-grid">
        {p.value.map((n, i) => (
          <NumberField
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is edited in place, in order.
            key={i}
            label={p.itemLabel(i + 1)}
            value={n}
            onChange={(v) => p.onChange(p.value.map((m, j) => (j === i ? (v ?? 0) : m)))}
          />
        ))}
      </div>
      <div className="btn-row">
        <button type="button" className="btn btn-secondary" onClick={() => p.onChange([...p.value, p.next(p.value)])}>
          {p.add}
        </button>
        {p.value.length > 0 ? (
          <button type="button" className="btn btn-secondary" onClick={() => p.onChange(p.value.slice(0, -1))}>
            {p.remove}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

/** A collection's cards: a stable key, the name in every language, how often it is dealt. */
function Cards({ value, onChange }: { value: DraftCard[]; onChange: (v: DraftCard[]) => void }) {
  const { t } = useTranslation('campaignforms');
  const { t: tc } = useTranslation('console');
  const setCard = (i: number, patch: Partial<DraftCard>) => onChange(value.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <fieldset className="console-list">
      <legend>{t('cards')}</legend>
      {value.map((c, i) => {
        const gaps = missing(c.name);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: cards are edited in place, in order.
          <fieldset key={i} className="console-prize" aria-label={t('cardN', { n: i + 1 })}>
            <legend>{t('cardN', { n: i + 1 })}</legend>
            <div className="console-settings-grid">
              <label>
                {t('cardKey')}
                <input value={c.key} spellCheck={false} onChange={(e) => setCard(i, { key: e.target.value })} />
              </label>
              <NumberField
                label={tc('raffle.weight')}
                value={c.weight}
                min={1}
                onChange={(weight) => setCard(i, { weight: weight ?? 0 })}
              />
            </div>
            <div className="console-langs">
              {LOCALES.map((l) => (
                <label key={l} className={c.name[l].trim() === '' ? 'console-lang-missing' : undefined}>
                  {tc('raffle.prizeName', { language: tc(`languages.${l}`) })}
                  <input lang={l} value={c.name[l]} onChange={(e) => setCard(i, { name: { ...c.name, [l]: e.target.value } })} />
                </label>
              ))}
            </div>
            {gaps.length > 0 ? <p className="console-missing">{tc('raffle.missing', { languages: gaps.join(', ') })}</p> : null}
            {value.length > 2 ? (
              <button type="button" className="btn btn-secondary" onClick={() => onChange(value.filter((_, j) => j !== i))}>
                {t('removeCard')}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      <button type="button" className="btn btn-secondary" onClick={() => onChange([...value, newCard(value.length + 1)])}>
        {t('addCard')}
      </button>
    </fieldset>
  );
}
