import {
  campaignIssues,
  type TAdminCampaign,
  type TCampaignInput,
  type TCampaignUpdate,
  type TPrizeInput,
} from '../../shared/api/lottery-admin';
import { ResultCode } from '../../shared/errors';
import type { AuditHook } from '../console/audit';
import type { Db, Tx } from '../db/database';
import { AppError, refused } from '../http/app-error';
import { type CampaignKind, forgetCampaign } from './campaign';
import { campaignChanged } from './kinds';
import { checkSettings, type KindSettings, parseSettings } from './settings';

/**
 * Admin set-up of raffle campaigns. Every write is one transaction: a refusal writes
 * nothing. Prizes are replaced as a whole only while the campaign has no draws (draws and wins
 * refer to prize rows); afterwards only their stock, weight, name and image change.
 */

/** The settings of the kind as stored (defaults filled in); refused with code 1 naming `settings.<field>`. */
function checkedSettings(kind: CampaignKind, raw: Record<string, unknown>): KindSettings['settings'] {
  const checked = checkSettings(kind, raw);
  if (checked.ok) return checked.settings;
  throw refused(checked.issues.slice(0, 10).map((i) => ({ field: ['settings', ...i.path.map(String)].join('.'), message: i.message })));
}

async function insertPrizes(trx: Tx, campaignId: number, prizes: TPrizeInput[], now: number) {
  if (prizes.length === 0) return;
  await trx
    .insertInto('lottery_prizes')
    .values(
      prizes.map((p, position) => ({
        campaign_id: campaignId,
        kind: p.kind,
        name: JSON.stringify(p.name),
        image_url: p.imageUrl,
        stock: p.stock,
        weight: p.weight,
        per_user_cap: p.perUserCap,
        value: p.value,
        position,
        created_at: now,
      })),
    )
    .execute();
}

/** Writes a validated campaign and its prizes with `trx` (the caller's transaction, e.g. a seed's). */
export async function insertCampaign(trx: Tx, input: TCampaignInput, now: number): Promise<number> {
  const settings = checkedSettings(input.kind, input.settings);
  const row = await trx
    .insertInto('lottery_campaigns')
    .values({
      kind: input.kind,
      channel: input.channel,
      title: JSON.stringify(input.title),
      rules: JSON.stringify(input.rules),
      starts_at: input.startsAt,
      ends_at: input.endsAt,
      restocking: input.restocking ? 1 : 0,
      no_win_weight: input.noWinWeight,
      settings: JSON.stringify(settings),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await insertPrizes(trx, id, input.prizes, now);
  return id;
}

/** An invite campaign's reward tiers (each needs a prize); other kinds have none. */
const tierCount = (k: KindSettings) => (k.kind === 'invite' ? k.settings.inviteTiers.length : 0);

async function drawCount(trx: Tx, campaignId: number): Promise<number> {
  const r = await trx
    .selectFrom('lottery_draws')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

const prizesOf = (trx: Tx, campaignId: number) =>
  trx.selectFrom('lottery_prizes').selectAll().where('campaign_id', '=', campaignId).orderBy('position').orderBy('id').execute();

/** The full configuration of a campaign; null when there is none with this id. */
export async function loadAdminCampaign(trx: Tx, id: number): Promise<TAdminCampaign | null> {
  const c = await trx.selectFrom('lottery_campaigns').selectAll().where('id', '=', id).executeTakeFirst();
  if (!c) return null;
  const prizes = await prizesOf(trx, id);
  return {
    id: Number(c.id),
    kind: c.kind,
    channel: c.channel,
    title: JSON.parse(c.title) as Record<string, string>,
    rules: JSON.parse(c.rules) as Record<string, string>,
    startsAt: Number(c.starts_at),
    endsAt: Number(c.ends_at),
    restocking: c.restocking === 1,
    noWinWeight: c.no_win_weight,
    settings: parseSettings(c.kind as CampaignKind, c.settings),
    prizes: prizes.map((p) => ({
      id: Number(p.id),
      kind: p.kind,
      name: JSON.parse(p.name) as Record<string, string>,
      imageUrl: p.image_url,
      stock: p.stock,
      weight: p.weight,
      perUserCap: p.per_user_cap,
      value: p.value,
      position: p.position,
    })),
    draws: await drawCount(trx, id),
    createdAt: Number(c.created_at),
    updatedAt: Number(c.updated_at),
  };
}

export async function getCampaign(db: Db, id: number): Promise<TAdminCampaign> {
  const c = await loadAdminCampaign(db.kysely, id);
  if (!c) throw new AppError(ResultCode.notFound);
  return c;
}

export async function createCampaign(db: Db, input: TCampaignInput, now: number, audit?: AuditHook): Promise<TAdminCampaign> {
  const created = await db.transaction(async (trx) => {
    const id = await insertCampaign(trx, input, now);
    const after = (await loadAdminCampaign(trx, id)) as TAdminCampaign;
    await audit?.(trx, { itemId: id, after });
    return after;
  });
  campaignChanged(db, created.id);
  return created;
}

export async function updateCampaign(db: Db, u: TCampaignUpdate, now: number, audit?: AuditHook): Promise<TAdminCampaign> {
  const updated = await updateInTransaction(db, u, now, audit);
  forgetCampaign(db, u.id);
  campaignChanged(db, u.id);
  return updated;
}

function updateInTransaction(db: Db, u: TCampaignUpdate, now: number, audit?: AuditHook): Promise<TAdminCampaign> {
  return db.transaction(async (trx) => {
    const row = await trx.selectFrom('lottery_campaigns').selectAll().where('id', '=', u.id).executeTakeFirst();
    if (!row) throw new AppError(ResultCode.notFound);
    const before = audit && (await loadAdminCampaign(trx, u.id));
    const kind = row.kind as CampaignKind;
    const settings = u.settings && checkedSettings(kind, u.settings);
    const current = await prizesOf(trx, u.id);

    // Replacing the prizes races with draws taking their stock: lock the prizes first, so a draw that took stock has committed (and is
    // counted below), and a later one finds its prize gone and falls back to no-win.
    if (u.prizes) await db.forUpdate(trx.selectFrom('lottery_prizes').select('id').where('campaign_id', '=', u.id)).execute();
    if (u.prizes && (await drawCount(trx, u.id)) > 0)
      throw refused([
        { field: 'prizes', message: 'the campaign has draws: only stock, weight, name and image of its prizes may change (prizeChanges)' },
      ]);
    const changes = u.prizeChanges ?? [];
    const unknown = changes.flatMap((ch, i) =>
      current.some((p) => Number(p.id) === ch.id) ? [] : [{ field: `prizeChanges.${i}.id`, message: 'not a prize of this campaign' }],
    );
    if (unknown.length > 0) throw refused(unknown);

    // The wheel as it would be stored, checked by the same rules as a new campaign.
    const prizes = u.prizes ?? current.map((p) => ({ weight: changes.find((ch) => ch.id === Number(p.id))?.weight ?? p.weight }));
    const issues = campaignIssues({
      kind,
      startsAt: u.startsAt ?? Number(row.starts_at),
      endsAt: u.endsAt ?? Number(row.ends_at),
      noWinWeight: u.noWinWeight ?? row.no_win_weight,
      prizes,
      inviteTiers: tierCount({ kind, settings: settings ?? parseSettings(kind, row.settings) } as KindSettings),
    });
    if (issues.length > 0) throw refused(issues);

    await trx
      .updateTable('lottery_campaigns')
      .set({
        ...(u.channel !== undefined && { channel: u.channel }),
        ...(u.title && { title: JSON.stringify(u.title) }),
        ...(u.rules && { rules: JSON.stringify(u.rules) }),
        ...(u.startsAt !== undefined && { starts_at: u.startsAt }),
        ...(u.endsAt !== undefined && { ends_at: u.endsAt }),
        ...(u.restocking !== undefined && { restocking: u.restocking ? 1 : 0 }),
        ...(u.noWinWeight !== undefined && { no_win_weight: u.noWinWeight }),
        ...(settings && { settings: JSON.stringify(settings) }),
        updated_at: now,
      })
      .where('id', '=', u.id)
      .execute();

    if (u.prizes) {
      await trx.deleteFrom('lottery_prizes').where('campaign_id', '=', u.id).execute();
      await insertPrizes(trx, u.id, u.prizes, now);
    }
    for (const ch of changes) {
      const set = {
        ...(ch.stock !== undefined && { stock: ch.stock }),
        ...(ch.weight !== undefined && { weight: ch.weight }),
        ...(ch.name && { name: JSON.stringify(ch.name) }),
        ...(ch.imageUrl !== undefined && { image_url: ch.imageUrl }),
      };
      if (Object.keys(set).length === 0) continue;
      await trx.updateTable('lottery_prizes').set(set).where('id', '=', ch.id).where('campaign_id', '=', u.id).execute();
    }
    const after = (await loadAdminCampaign(trx, u.id)) as TAdminCampaign;
    await audit?.(trx, { itemId: u.id, before, after });
    return after;
  });
}
