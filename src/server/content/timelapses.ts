import type { Kysely } from 'kysely';
import type { Page, TimelapseCard, TimelapseView } from '../../shared/api/content';
import type { Database } from '../db/schema';
import { fileUrl } from './files';
import { offsetOf, pageOf, toCount } from './paging';
import { USER_CARD, userCard } from './user-card';
import { HIDDEN_STATES } from './users';

const timelapsesOf = (db: Kysely<Database>) =>
  db
    .selectFrom('timelapses')
    .innerJoin('users', 'users.id', 'timelapses.author_id')
    .leftJoin('content_files as poster', 'poster.id', 'timelapses.poster_file_id')
    .leftJoin('models', (j) => j.onRef('models.id', '=', 'timelapses.model_id').on('models.deleted_at', 'is', null))
    .where('users.state', 'not in', HIDDEN_STATES);

const CARD = [
  'timelapses.id',
  'timelapses.printer',
  'timelapses.duration_seconds',
  'timelapses.created_at',
  'poster.storage_key as poster_key',
  'models.id as model_id',
  'models.title as model_title',
  ...USER_CARD,
] as const;

const card = (t: {
  id: number;
  printer: string;
  duration_seconds: number;
  created_at: number;
  poster_key: string | null;
  model_id: number | null;
  model_title: string | null;
  user_id: number;
  nickname: string;
  avatar_url: string;
}): TimelapseCard => ({
  id: String(t.id),
  posterUrl: t.poster_key ? fileUrl(t.poster_key) : null,
  printer: t.printer,
  durationSeconds: t.duration_seconds,
  createdAt: t.created_at,
  author: userCard(t),
  model: t.model_id && t.model_title ? { id: String(t.model_id), title: t.model_title } : null,
});

/** A print timelapse with its recording, or null. */
export async function timelapseView(db: Kysely<Database>, id: number): Promise<TimelapseView | null> {
  const t = await timelapsesOf(db)
    .innerJoin('content_files as video', 'video.id', 'timelapses.video_file_id')
    .select([...CARD, 'video.storage_key as video_key', 'video.mime as video_mime'])
    .where('timelapses.id', '=', id)
    .executeTakeFirst();
  return t ? { ...card(t), video: { url: fileUrl(t.video_key), mime: t.video_mime } } : null;
}

/** The time-lapse list, newest first (all, or one maker's). */
export async function timelapsesPage(
  db: Kysely<Database>,
  q: { userId?: number | undefined; page: number; pageSize: number },
): Promise<Page<TimelapseCard>> {
  const base = q.userId ? timelapsesOf(db).where('timelapses.author_id', '=', q.userId) : timelapsesOf(db);
  const [rows, total] = await Promise.all([
    base
      .select(CARD)
      .orderBy('timelapses.created_at', 'desc')
      .orderBy('timelapses.id', 'desc')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows.map(card), q, toCount(total.n));
}
