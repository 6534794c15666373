import { type Selectable, sql } from 'kysely';
import type { FieldIssue } from '../../shared/api/envelope';
import type { Contest, ContestEntry, ContestInput, EntryInput, ModelerRequest, ModelerRequestCard } from '../../shared/api/modeler';
import { ResultCode } from '../../shared/errors';
import { contestState, IMAGE_MIMES, MAX_IMAGE_BYTES, type RequestFields, requestProblems } from '../../shared/modeler-rules';
import type { AuditHook } from '../console/audit';
import { detectFileType } from '../content/import/file-types';
import { type StoredFile, saveUpload } from '../content/import/files';
import { fileUrl } from '../content/models';
import { createContentService } from '../content/service';
import type { FileStorage } from '../content/storage';
import type { Db, Tx } from '../db/database';
import type { Database } from '../db/schema';
import { AppError } from '../http/app-error';

type RequestRow = Selectable<Database['modeler_requests']>;

const refuse = (issues: FieldIssue[]) =>
  new AppError(ResultCode.parameter, { messageKey: 'parameterNamed', params: { field: issues[0]?.field ?? '' }, result: { issues } });

/** The modeler programme: requests, contests, votes. */
export function createModelerService(db: Db, storage: FileStorage) {
  const q = db.kysely;
  const imageUrls = async (ids: number[]) => {
    if (ids.length === 0) return [];
    const rows = await q.selectFrom('content_files').select(['id', 'storage_key']).where('id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [Number(r.id), fileUrl(r.storage_key)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  const idsOf = (r: RequestRow): number[] => JSON.parse(r.image_ids) as number[];

  async function requestView(r: RequestRow & { nickname: string }, userId: number | null): Promise<ModelerRequest> {
    const urls = await imageUrls(idsOf(r));
    return {
      id: Number(r.id),
      title: r.title,
      description: r.description,
      budget: r.budget,
      createdAt: Number(r.created_at),
      imageUrl: urls[0] ?? null,
      imageUrls: urls,
      closed: r.closed_at !== null,
      author: r.nickname,
      mine: userId !== null && Number(r.user_id) === userId,
    };
  }

  const requestRow = (id: number) =>
    q
      .selectFrom('modeler_requests')
      .innerJoin('users', 'users.id', 'modeler_requests.user_id')
      .selectAll('modeler_requests')
      .select('users.nickname')
      .where('modeler_requests.id', '=', id)
      .executeTakeFirst();

  async function request(id: number, userId: number | null): Promise<ModelerRequest> {
    const r = await requestRow(id);
    if (!r) throw new AppError(ResultCode.modelerRequestNotFound);
    return requestView(r, userId);
  }

  /** Open requests, newest first, `before` an id for the next page. */
  async function requests(cursor: { before?: number; limit: number }): Promise<{ items: ModelerRequestCard[]; more: boolean }> {
    let query = q.selectFrom('modeler_requests').selectAll().where('closed_at', 'is', null);
    if (cursor.before) query = query.where('id', '<', cursor.before);
    const rows = await query
      .orderBy('id', 'desc')
      .limit(cursor.limit + 1)
      .execute();
    const page = rows.slice(0, cursor.limit);
    const firstOf = new Map(page.map((r) => [Number(r.id), idsOf(r)[0]]));
    const ids = [...firstOf.values()].filter((id): id is number => id !== undefined);
    const files = ids.length ? await q.selectFrom('content_files').select(['id', 'storage_key']).where('id', 'in', ids).execute() : [];
    const urlOf = new Map(files.map((f) => [Number(f.id), fileUrl(f.storage_key)]));
    return {
      items: page.map((r) => ({
        id: Number(r.id),
        title: r.title,
        budget: r.budget,
        createdAt: Number(r.created_at),
        imageUrl: urlOf.get(firstOf.get(Number(r.id)) ?? 0) ?? null,
        closed: false,
      })),
      more: rows.length > cursor.limit,
    };
  }

  /**
   * Posts a request: every field checked by the shared rules (code 1 naming each refused field),
   * each image's type read from its bytes (JPEG, PNG or WebP only) and stored as a content file.
   */
  async function post(
    userId: number,
    input: { title: string; description: string; budget: number; images: string[] },
    now = Date.now(),
  ): Promise<ModelerRequest> {
    const bytes = input.images.map((b64) => Buffer.from(b64, 'base64'));
    const types = bytes.map((b) => {
      const d = detectFileType(b);
      return d.ok && (IMAGE_MIMES as readonly string[]).includes(d.type.mime) ? d.type : null;
    });
    const fields: RequestFields = {
      title: input.title,
      description: input.description,
      budget: input.budget,
      images: bytes.map((b, i) => ({ size: b.byteLength, type: types[i]?.mime ?? '' })),
    };
    const problems = requestProblems(fields);
    const issues = Object.entries(problems).map(([field, message]) => ({ field, message }));
    if (issues.length > 0) throw refuse(issues);
    const stored: StoredFile[] = [];
    try {
      for (const [i, b] of bytes.entries()) {
        const type = types[i];
        if (!type || b.byteLength > MAX_IMAGE_BYTES) throw refuse([{ field: 'images', message: 'imageType' }]);
        stored.push(
          await saveUpload(
            q,
            storage,
            b,
            { type, name: `reference-${i + 1}.${type.extensions[0]}`, sizeBytes: b.byteLength, gcode: null },
            now,
          ),
        );
      }
      const row = await q
        .insertInto('modeler_requests')
        .values({
          user_id: userId,
          title: input.title.trim(),
          description: input.description.trim(),
          budget: input.budget,
          image_ids: JSON.stringify(stored.map((s) => Number(s.fileId))),
          closed_at: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return request(Number(row.id), userId);
    } catch (err) {
      await Promise.all(stored.map((s) => storage.remove(s.storageKey)));
      throw err;
    }
  }

  /** Closes the caller's own request (3602 for another's, 3603 when already closed). */
  async function close(userId: number, id: number, now = Date.now()): Promise<ModelerRequest> {
    const r = await requestRow(id);
    if (!r) throw new AppError(ResultCode.modelerRequestNotFound);
    if (Number(r.user_id) !== userId) throw new AppError(ResultCode.notYourRequest);
    const done = await q
      .updateTable('modeler_requests')
      .set({ closed_at: now })
      .where('id', '=', id)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw new AppError(ResultCode.requestClosed);
    return request(id, userId);
  }

  async function contest(contestId: number | undefined, now = Date.now()): Promise<Contest | null> {
    let c: Selectable<Database['modeler_contests']> | undefined;
    if (contestId !== undefined) {
      c = await q.selectFrom('modeler_contests').selectAll().where('id', '=', contestId).executeTakeFirst();
      if (!c) throw new AppError(ResultCode.contestNotFound);
    } else {
      // The running contest that started last; else the last one that started; else none.
      c =
        (await q
          .selectFrom('modeler_contests')
          .selectAll()
          .where('starts_at', '<=', now)
          .where('ends_at', '>', now)
          .orderBy('starts_at', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirst()) ??
        (await q
          .selectFrom('modeler_contests')
          .selectAll()
          .where('starts_at', '<=', now)
          .orderBy('starts_at', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirst());
      if (!c) return null;
    }
    const entries = await q
      .selectFrom('modeler_entries')
      .selectAll()
      .where('contest_id', '=', Number(c.id))
      .orderBy('vote_count', 'desc')
      .orderBy('position')
      .execute();
    const times = {
      startsAt: Number(c.starts_at),
      endsAt: Number(c.ends_at),
      voteStartsAt: Number(c.vote_starts_at),
      voteEndsAt: Number(c.vote_ends_at),
    };
    return {
      id: Number(c.id),
      title: c.title,
      description: c.description,
      ...times,
      state: contestState(times, now),
      entries: entries.map(
        (e): ContestEntry => ({
          id: Number(e.id),
          title: e.title,
          designer: e.designer,
          imageUrl: e.image_url,
          modelId: e.model_id === null ? null : Number(e.model_id),
          votes: Number(e.vote_count),
        }),
      ),
    };
  }

  async function myVotes(userId: number, contestId: number): Promise<{ entryIds: number[] }> {
    const rows = await q
      .selectFrom('modeler_votes')
      .innerJoin('modeler_entries', 'modeler_entries.id', 'modeler_votes.entry_id')
      .select('modeler_votes.entry_id')
      .where('modeler_entries.contest_id', '=', contestId)
      .where('modeler_votes.user_id', '=', userId)
      .orderBy('modeler_votes.entry_id')
      .execute();
    return { entryIds: rows.map((r) => Number(r.entry_id)) };
  }

  /**
   * Votes (or withdraws a vote) for an entry while its contest's voting window is open (3606).
   * The vote row's primary key decides races; the counter moves in the same transaction, only
   * when a row was inserted or deleted, so counts stay exact under concurrent calls.
   */
  async function setVote(userId: number, entryId: number, on: boolean, now = Date.now()) {
    const entry = await q
      .selectFrom('modeler_entries')
      .innerJoin('modeler_contests', 'modeler_contests.id', 'modeler_entries.contest_id')
      .select(['modeler_contests.vote_starts_at', 'modeler_contests.vote_ends_at'])
      .where('modeler_entries.id', '=', entryId)
      .executeTakeFirst();
    if (!entry) throw new AppError(ResultCode.entryNotFound);
    if (contestState({ voteStartsAt: Number(entry.vote_starts_at), voteEndsAt: Number(entry.vote_ends_at) }, now) !== 'voting')
      throw new AppError(ResultCode.votingClosed);
    const votes = await db.transaction(
      async (trx) => {
        const changed = on
          ? Number(
              (
                await trx
                  .insertInto('modeler_votes')
                  .values({ entry_id: entryId, user_id: userId, created_at: now })
                  .onConflict((oc) => oc.columns(['entry_id', 'user_id']).doNothing())
                  .executeTakeFirst()
              ).numInsertedOrUpdatedRows ?? 0,
            )
          : Number(
              (await trx.deleteFrom('modeler_votes').where('entry_id', '=', entryId).where('user_id', '=', userId).executeTakeFirst())
                .numDeletedRows,
            );
        if (changed > 0)
          await trx
            .updateTable('modeler_entries')
            .set({ vote_count: sql`vote_count + ${on ? 1 : -1}` })
            .where('id', '=', entryId)
            .execute();
        const row = await trx.selectFrom('modeler_entries').select('vote_count').where('id', '=', entryId).executeTakeFirstOrThrow();
        return Number(row.vote_count);
      },
      // Keyed by (entry, member): run again, the vote is already there (or gone) and the counter stays.
      { idempotent: true },
    );
    return { entryId, votes, voted: on };
  }

  async function createContest(input: ContestInput, audit?: AuditHook, now = Date.now()): Promise<Contest> {
    const id = await db.transaction(async (trx) => {
      const made = await insertContest(trx, storage, input, now);
      await audit?.(trx, { itemId: made, after: input });
      return made;
    });
    return (await contest(id, now)) as Contest;
  }

  async function addEntry(input: EntryInput & { contestId: number }, audit?: AuditHook, now = Date.now()): Promise<Contest> {
    const c = await q.selectFrom('modeler_contests').select('id').where('id', '=', input.contestId).executeTakeFirst();
    if (!c) throw new AppError(ResultCode.contestNotFound);
    await db.transaction(async (trx) => {
      const last = await trx
        .selectFrom('modeler_entries')
        .select((eb) => eb.fn.max('position').as('p'))
        .where('contest_id', '=', input.contestId)
        .executeTakeFirst();
      await insertEntry(trx, storage, input.contestId, input, Number(last?.p ?? 0) + 1, now);
      await audit?.(trx, { itemId: input.contestId, after: input });
    });
    return (await contest(input.contestId, now)) as Contest;
  }

  return {
    requests,
    request,
    post,
    close,
    contest,
    myVotes,
    vote: (userId: number, entryId: number) => setVote(userId, entryId, true),
    unvote: (userId: number, entryId: number) => setVote(userId, entryId, false),
    createContest,
    addEntry,
  };
}

export type ModelerService = ReturnType<typeof createModelerService>;

/** Inserts a contest and its entries; call it inside a transaction (the demo seed's, or createContest's). */
export async function insertContest(trx: Tx, storage: FileStorage, input: ContestInput, now: number): Promise<number> {
  const row = await trx
    .insertInto('modeler_contests')
    .values({
      title: input.title,
      description: input.description,
      starts_at: input.startsAt,
      ends_at: input.endsAt,
      vote_starts_at: input.voteStartsAt,
      vote_ends_at: input.voteEndsAt,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, e] of input.entries.entries()) await insertEntry(trx, storage, Number(row.id), e, i + 1, now);
  return Number(row.id);
}

async function insertEntry(trx: Tx, storage: FileStorage, contestId: number, e: EntryInput, position: number, now: number) {
  let imageUrl = e.imageUrl;
  if (e.modelId !== undefined) {
    const model = await createContentService(trx, storage).model(e.modelId);
    if (!model) throw refuse([{ field: 'modelId', message: 'unknown model' }]);
    imageUrl ??= model.images[0]?.url;
  }
  if (!imageUrl) throw refuse([{ field: 'imageUrl', message: 'the model has no image' }]);
  await trx
    .insertInto('modeler_entries')
    .values({
      contest_id: contestId,
      title: e.title,
      designer: e.designer,
      image_url: imageUrl,
      model_id: e.modelId ?? null,
      position,
      created_at: now,
    })
    .execute();
}
