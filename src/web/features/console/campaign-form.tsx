import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { FieldIssue } from '../../../shared/api/envelope';
import { RAFFLE_LOOKS } from '../../../shared/api/lottery';
import { CAMPAIGN_KINDS, LOTTERY_ADMIN_API, type TCampaignKind } from '../../../shared/api/lottery-admin';
import { may } from '../../../shared/console-access';
import { ApiError } from '../../api/client';
import { useApi } from '../../api/use-api';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import type { Route } from './+types/campaign-form';
import { blankDraft, type CampaignDraft, type DraftSettings, draftOf, KIND_SHAPE, newPrize, odds } from './campaign-draft';
import { KindSettings } from './campaign-settings';
import { consoleAccess } from './console-loader';
import { IssuesBox, ScheduleField, TextsField } from './form-parts';
import { consolePaths } from './paths';
import { PrizeEditor } from './prize-editor';

/**
 * A campaign's form, for every kind (`/admin/campaigns/new?kind=<kind>`, `?from=<id>` to
 * duplicate, `/admin/campaigns/<id>` to edit): texts in the four languages side by side (missing
 * ones flagged), the schedule in the operator's time zone, the kind's own settings, and prizes
 * (a raffle's with their published odds computed as they are typed). The server checks
 * everything again (the admin API's validation); its refusals name the field here. A new campaign
 * is saved paused, as a draft: its visitor page can be previewed, then it is published.
 */
const isId = (s: string | null | undefined): s is string => !!s && /^\d{1,15}$/.test(s);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['console', 'campaignforms', 'enums']);
  const access = await consoleAccess(context);
  const query = base.url.searchParams;
  const id = isId(params.id) ? Number(params.id) : null;
  const from = query.get('from');
  const sourceId = id ?? (isId(from) ? Number(from) : null);
  const allowed =
    access.state === 'staff' &&
    (id === null
      ? may(access.grants, 'change', { type: 'area', area: 'campaigns' })
      : may(access.grants, 'view', { type: 'campaign', id }));
  const source = allowed && sourceId !== null ? await context.services.console.campaign(sourceId) : null;
  const usable = source && CAMPAIGN_KINDS.some((k) => k === source.kind) ? { ...source, kind: source.kind as TCampaignKind } : null;
  const kind = CAMPAIGN_KINDS.find((k) => k === query.get('kind')) ?? 'raffle';
  const look = RAFFLE_LOOKS.find((l) => l === query.get('look')) ?? null;
  return {
    i18n: base.i18n,
    allowed: allowed && (sourceId === null || usable !== null),
    canCreate: access.state === 'staff' && may(access.grants, 'change', { type: 'area', area: 'campaigns' }),
    id,
    draws: id !== null && usable ? usable.draws : 0,
    draft: usable ? draftOf(usable, id === null) : blankDraft(kind, Date.now(), '', look),
  };
}

export default function CampaignForm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('console');
  if (!loaderData.allowed) return <p className="card">{t('raffle.notAllowed')}</p>;
  const key = `${loaderData.id ?? 'new'}-${loaderData.draft.kind}-${loaderData.draft.settings.look ?? ''}`;
  return <Editor key={key} id={loaderData.id} draws={loaderData.draws} initial={loaderData.draft} canCreate={loaderData.canCreate} />;
}

/** The settings as sent: fields left empty are left out (the server's default applies). */
const sentSettings = (s: DraftSettings) => Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined && v !== ''));

function Editor(props: { id: number | null; draws: number; initial: CampaignDraft; canCreate: boolean }) {
  const { id, draws, initial } = props;
  const { t } = useTranslation('console');
  const { t: tf } = useTranslation('campaignforms');
  const api = useApi();
  const navigate = useNavigate();
  const [d, setD] = useState(initial);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const shape = KIND_SHAPE[d.kind];
  const o = odds(d);
  const set = (patch: Partial<CampaignDraft>) => {
    setD((prev) => ({ ...prev, ...patch }));
    setSaved(false);
  };
  // The server cannot know the operator's zone: a new campaign counts its days in it.
  useEffect(() => {
    if (!initial.settings.timeZone) {
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      setD((prev) => ({ ...prev, settings: { ...prev.settings, timeZone: zone } }));
    }
  }, [initial]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setIssues([]);
    const common = {
      title: d.title,
      rules: d.rules,
      startsAt: d.startsAt,
      endsAt: d.endsAt,
      noWinWeight: shape.weighted ? d.noWinWeight : 0,
      settings: sentSettings(d.settings),
    };
    const prizes = d.prizes.map(({ id: _id, ...p }) => p);
    try {
      if (id === null) {
        const c = await api.call(LOTTERY_ADMIN_API.create, { ...common, kind: d.kind, restocking: true, prizes });
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

  const kindName = t(`kinds.${d.kind}`);
  const blindBox = d.kind === 'raffle' && d.settings.look === 'box';
  return (
    <form onSubmit={save} noValidate aria-busy={busy}>
      <h1>{id !== null ? tf('editTitle', { kind: kindName, id }) : blindBox ? tf('newBlindBox') : tf(`newTitle.${d.kind}`)}</h1>
      <IssuesBox issues={issues} lead={tf('refused')} />
      {saved ? (
        <p className="card" role="status">
          {t('raffle.saved')}
        </p>
      ) : null}
      <TextsField legend={t('raffle.title')} value={d.title} onChange={(title) => set({ title })} />
      <TextsField legend={t('raffle.rules')} value={d.rules} onChange={(rules) => set({ rules })} long />
      <ScheduleField
        startsAt={d.startsAt}
        endsAt={d.endsAt}
        dayZone={d.kind === 'raffle' ? (d.settings.timeZone ?? '') : undefined}
        onChange={({ dayZone, ...times }) =>
          set({ ...times, ...(dayZone !== undefined && { settings: { ...d.settings, timeZone: dayZone } }) })
        }
      />
      <KindSettings kind={d.kind} value={d.settings} onChange={(settings) => set({ settings })} />
      {shape.prizes ? (
        <fieldset className="card">
          <legend>{t('raffle.prizes')}</legend>
          <p className="muted">{tf(`prizesAbout.${d.kind}`)}</p>
          {d.prizes.map((p, i) => (
            <PrizeEditor
              // biome-ignore lint/suspicious/noArrayIndexKey: prizes are edited in place, in order.
              key={i}
              index={i}
              prize={p}
              odds={shape.weighted ? (o.prizes[i] ?? 0) : null}
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
          {shape.weighted ? (
            <label className="console-nowin">
              {t('raffle.noWinWeight')}
              <input type="number" min={0} value={d.noWinWeight} onChange={(e) => set({ noWinWeight: Number(e.target.value) })} />
              <output data-testid="odds-nowin">{t('raffle.odds', { pct: o.noWin.toFixed(2) })}</output>
            </label>
          ) : null}
        </fieldset>
      ) : null}
      <div className="btn-row">
        <button type="submit" className="btn" disabled={busy}>
          {id === null ? t('raffle.saveDraft') : t('raffle.save')}
        </button>
        {id !== null ? (
          <>
            <Link className="btn btn-secondary" to={consolePaths.preview(id)}>
              {t('raffle.preview')}
            </Link>
            {props.canCreate ? (
              <Link className="btn btn-secondary" to={consolePaths.duplicate(id)}>
                {t('campaigns.duplicate')}
              </Link>
            ) : null}
          </>
        ) : null}
      </div>
    </form>
  );
}
