import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { FieldIssue } from '../../../shared/api/envelope';
import { LOTTERY_ADMIN_API } from '../../../shared/api/lottery-admin';
import { may } from '../../../shared/console-access';
import { LOCALES } from '../../../shared/i18n';
import { ApiError } from '../../api/client';
import { useApi } from '../../api/use-api';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import type { Route } from './+types/raffle-form';
import { consoleAccess } from './console-loader';
import { consolePaths } from './paths';
import { blankDraft, draftOf, fromLocalInput, missing, newPrize, odds, type RaffleDraft, type Texts, toLocalInput } from './raffle-draft';
import { PrizeEditor } from './raffle-prizes';

/**
 * A raffle's form (`/admin/campaigns/new`, `?from=<id>` to duplicate, `/admin/campaigns/<id>` to
 * edit): texts in the four languages side by side (missing ones flagged), the schedule in the
 * operator's time zone, prizes with their published odds computed as they are typed. The server
 * checks everything again (the admin API's validation); its refusals name the field here. A new
 * raffle is saved paused, as a draft: its visitor page can be previewed, then it is published.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['console', 'enums']);
  const access = await consoleAccess(context);
  const id = params.id && /^\d{1,15}$/.test(params.id) ? Number(params.id) : null;
  const from = base.url.searchParams.get('from');
  const sourceId = id ?? (from && /^\d{1,15}$/.test(from) ? Number(from) : null);
  const allowed =
    access.state === 'staff' &&
    (id === null
      ? may(access.grants, 'change', { type: 'area', area: 'campaigns' })
      : may(access.grants, 'view', { type: 'campaign', id }));
  const source = allowed && sourceId !== null ? await context.services.console.campaign(sourceId) : null;
  const usable = source && source.kind === 'raffle' ? source : null;
  return {
    i18n: base.i18n,
    allowed: allowed && (sourceId === null || usable !== null),
    id,
    draws: id !== null && usable ? usable.draws : 0,
    draft: usable ? draftOf(usable, id === null) : blankDraft(Date.now()),
  };
}

export default function RaffleForm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('console');
  if (!loaderData.allowed) return <p className="card">{t('raffle.notAllowed')}</p>;
  return <Editor key={loaderData.id ?? 'new'} id={loaderData.id} draws={loaderData.draws} initial={loaderData.draft} />;
}

function Editor({ id, draws, initial }: { id: number | null; draws: number; initial: RaffleDraft }) {
  const { t } = useTranslation('console');
  const api = useApi();
  const navigate = useNavigate();
  const [d, setD] = useState(initial);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const o = odds(d);
  const set = (patch: Partial<RaffleDraft>) => {
    setD({ ...d, ...patch });
    setSaved(false);
  };

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setIssues([]);
    const common = { title: d.title, rules: d.rules, startsAt: d.startsAt, endsAt: d.endsAt, noWinWeight: d.noWinWeight };
    const prizes = d.prizes.map(({ id: _id, ...p }) => p);
    try {
      if (id === null) {
        const c = await api.call(LOTTERY_ADMIN_API.create, { ...common, kind: 'raffle', restocking: true, prizes });
        await navigate(consolePaths.campaign(c.id));
      } else {
        // After the first draw only stock, weight, names and images of the prizes may change.
        const change =
          draws > 0
            ? {
                prizeChanges: d.prizes.flatMap((p) =>
                  p.id ? [{ id: p.id, stock: p.stock, weight: p.weight, name: p.name, imageUrl: p.imageUrl }] : [],
                ),
              }
            : { prizes };
        await api.call(LOTTERY_ADMIN_API.update, { id, ...common, ...change });
        setSaved(true);
      }
    } catch (err) {
      if (err instanceof ApiError) setIssues(((err.result as { issues?: FieldIssue[] } | undefined)?.issues ?? []).slice(0, 10));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} noValidate aria-busy={busy}>
      <h1>{id === null ? t('raffle.newTitle') : t('raffle.editTitle', { id })}</h1>
      {issues.length > 0 ? (
        <div className="card console-issues" role="alert">
          <p>{t('raffle.refused')}</p>
          <ul>
            {issues.map((i) => (
              <li key={i.field}>
                <code>{i.field}</code>: {i.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {saved ? (
        <p className="card" role="status">
          {t('raffle.saved')}
        </p>
      ) : null}
      <TextsField legend={t('raffle.title')} value={d.title} onChange={(title) => set({ title })} />
      <TextsField legend={t('raffle.rules')} value={d.rules} onChange={(rules) => set({ rules })} long />
      <fieldset className="card console-schedule">
        <legend>{t('raffle.schedule', { zone })}</legend>
        <label>
          {t('raffle.startsAt')}
          <input
            type="datetime-local"
            value={toLocalInput(d.startsAt)}
            onChange={(e) => set({ startsAt: fromLocalInput(e.target.value) })}
          />
        </label>
        <label>
          {t('raffle.endsAt')}
          <input type="datetime-local" value={toLocalInput(d.endsAt)} onChange={(e) => set({ endsAt: fromLocalInput(e.target.value) })} />
        </label>
      </fieldset>
      <fieldset className="card">
        <legend>{t('raffle.prizes')}</legend>
        {d.prizes.map((p, i) => (
          <PrizeEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: prizes are edited in place, in order.
            key={i}
            index={i}
            prize={p}
            odds={o.prizes[i] ?? 0}
            locked={draws > 0}
            onChange={(next) => set({ prizes: d.prizes.map((q, j) => (j === i ? next : q)) })}
            onRemove={() => set({ prizes: d.prizes.filter((_, j) => j !== i) })}
          />
        ))}
        {draws === 0 ? (
          <button type="button" className="btn btn-secondary" onClick={() => set({ prizes: [...d.prizes, newPrize()] })}>
            {t('raffle.addPrize')}
          </button>
        ) : (
          <p className="muted">{t('raffle.lockedPrizes')}</p>
        )}
        <label className="console-nowin">
          {t('raffle.noWinWeight')}
          <input type="number" min={0} value={d.noWinWeight} onChange={(e) => set({ noWinWeight: Number(e.target.value) })} />
          <output data-testid="odds-nowin">{t('raffle.odds', { pct: o.noWin.toFixed(2) })}</output>
        </label>
      </fieldset>
      <div className="btn-row">
        <button type="submit" className="btn" disabled={busy}>
          {id === null ? t('raffle.saveDraft') : t('raffle.save')}
        </button>
        {id !== null ? (
          <a className="btn btn-secondary" href={consolePaths.preview(id)}>
            {t('raffle.preview')}
          </a>
        ) : null}
      </div>
    </form>
  );
}

/** One text in the four languages side by side; a missing translation is flagged. */
function TextsField({ legend, value, onChange, long }: { legend: string; value: Texts; onChange: (v: Texts) => void; long?: boolean }) {
  const { t } = useTranslation('console');
  const gaps = missing(value);
  const id = useId();
  return (
    <fieldset className="card console-texts">
      <legend>{legend}</legend>
      {gaps.length > 0 ? <p className="console-missing">{t('raffle.missing', { languages: gaps.join(', ') })}</p> : null}
      <div className="console-langs">
        {LOCALES.map((l) => {
          const inputId = `${id}-${l}`;
          const props = {
            id: inputId,
            lang: l,
            value: value[l],
            onChange: (e: { target: { value: string } }) => onChange({ ...value, [l]: e.target.value }),
          };
          return (
            <div key={l} className={value[l].trim() === '' ? 'console-lang console-lang-missing' : 'console-lang'}>
              <label htmlFor={inputId}>{t(`languages.${l}`)}</label>
              {long ? <textarea rows={4} {...props} /> : <input {...props} />}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
