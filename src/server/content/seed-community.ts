import type { Kysely } from 'kysely';
import { BannerKind, CommentKind } from '../../shared/enums';
import type { SliceParameters } from '../../shared/slice';
import type { Database } from '../db/schema';
import type { TargetKind } from '../db/schema-content';
import type { Seed } from '../db/seed/seed';
import { DEMO_MODELS, readDemoImage, type Slug } from './demo-library';
import { addFile } from './seed';
import { CIRCLE, DEMO_IMAGES, type ImageKey, MODEL_COMMENTS, MODEL_REACTIONS, TOPICS, USERS, type Who } from './seed-community-data';
import { POSTS } from './seed-community-posts';
import type { FileStorage } from './storage';

/**
 * Demo community around the demo library (seed 'content-demo-v1', which must run first): three
 * more members (one the official account), follows, topics, a circle with members, cover and
 * banners, posts of every content kind, comments and replies in four languages, likes, collects,
 * and a print timelapse of the vase. The texts are in seed-community-data.ts and seed-community-posts.ts.
 *
 * The demo makers and models are found through the models' STL file names, not by nickname (a
 * real member may share a nickname). Counters are recounted from the rows at the end, so they
 * agree with the rows whatever was there before. The images are files kept in content/demo.
 */
export function communityDemoSeed(storage: FileStorage): Seed {
  return {
    name: 'community-demo-v1',
    async run(trx, now) {
      const models = await demoModels(trx);
      const [cube, vase, bracket, holder] = [
        models['calibration-cube'],
        models['twisted-vase'],
        models['shelf-bracket'],
        models['hex-key-holder'],
      ];
      // Nothing to build on (the library was removed before this seed first ran): seed nothing.
      if (!cube || !vase || !bracket || !holder) return;

      const files = await storeImages(trx, storage, now);
      const HOUR = 3_600_000;
      const ago = (hours: number) => now - hours * HOUR;

      const users: Record<Who, number> = {
        lin: cube.author_id,
        sam: vase.author_id,
        camille: bracket.author_id,
        official: 0,
        yichun: 0,
        lucas: 0,
      };
      for (const u of USERS) {
        const row = await trx
          .insertInto('users')
          .values({ ...u.row, created_at: ago(u.joinedDaysAgo * 24), updated_at: ago(u.joinedDaysAgo * 24) })
          .returning('id')
          .executeTakeFirstOrThrow();
        users[u.who] = row.id;
      }
      const follows: [Who, Who][] = [
        ['yichun', 'lin'],
        ['yichun', 'sam'],
        ['lucas', 'camille'],
        ['lucas', 'sam'],
        ['lin', 'sam'],
        ['sam', 'lin'],
        ['camille', 'lin'],
        ['camille', 'sam'],
        ['lin', 'official'],
        ['yichun', 'official'],
        ['lucas', 'official'],
      ];
      await trx
        .insertInto('follows')
        .values(follows.map(([a, b], i) => ({ follower_id: users[a], followee_id: users[b], created_at: ago(240 - 12 * i) })))
        .execute();

      const topics: Record<string, number> = {};
      for (const t of TOPICS) {
        const row = await trx
          .insertInto('topics')
          .values({ name: t.name, description: t.description, created_at: ago(400) })
          .returning('id')
          .executeTakeFirstOrThrow();
        topics[t.key] = row.id;
      }

      const circle = await trx
        .insertInto('circles')
        .values({
          owner_id: users[CIRCLE.owner],
          name: CIRCLE.name,
          description: CIRCLE.description,
          cover_file_id: files.cover,
          created_at: ago(CIRCLE.createdHoursAgo),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('circle_members')
        .values(
          CIRCLE.members.map((who, i) => ({ circle_id: circle.id, user_id: users[who], joined_at: ago(CIRCLE.createdHoursAgo - 20 * i) })),
        )
        .execute();
      // The workshop's functional prints were shared in the circle.
      await trx.updateTable('models').set({ circle_id: circle.id }).where('id', 'in', [bracket.id, holder.id]).execute();

      // The timelapse of the vase: as long as the vase's print profile says the print takes.
      const profile = await trx.selectFrom('slices').select('params').where('model_id', '=', vase.id).orderBy('id').executeTakeFirst();
      const estimate = profile ? (JSON.parse(profile.params) as SliceParameters).estimatedSeconds : null;
      await trx
        .insertInto('timelapses')
        .values({
          author_id: users.sam,
          model_id: vase.id,
          video_file_id: files.timelapse,
          poster_file_id: files.poster,
          printer: 'K1 Max',
          duration_seconds: estimate ?? 5_400,
          created_at: ago(50),
        })
        .execute();

      const posts: Record<string, { id: number; created: number }> = {};
      for (const p of POSTS) {
        const created = ago(p.hoursAgo);
        const row = await trx
          .insertInto('posts')
          .values({
            author_id: users[p.by],
            author_kind: p.authorKind,
            circle_id: p.inCircle ? circle.id : null,
            content_kind: p.kind,
            title: p.title,
            body: p.body,
            video_file_id: p.video ? files.timelapse : null,
            created_at: created,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        posts[p.key] = { id: row.id, created };
        if (p.images.length) {
          await trx
            .insertInto('post_images')
            .values(p.images.map((img, position) => ({ post_id: row.id, file_id: files[img], position })))
            .execute();
        }
        if (p.topics.length) {
          await trx
            .insertInto('post_topics')
            .values(p.topics.map((t) => ({ post_id: row.id, topic_id: topics[t] ?? 0 })))
            .execute();
        }
      }

      const banners = [
        {
          kind: BannerKind.channel,
          title: CIRCLE.banners.channel,
          image: files.bannerVase,
          link: `/creality-cloud/model-details/${vase.id}`,
        },
        {
          kind: BannerKind.circle,
          title: CIRCLE.banners.circle,
          image: files.bannerBracket,
          link: `/creality-cloud/share-content/${posts.welcome?.id ?? ''}`,
        },
        {
          kind: BannerKind.tools,
          title: CIRCLE.banners.tools,
          image: files.bannerCube,
          link: '/creality-cloud/tools/filament-calculator/1',
        },
      ];
      await trx
        .insertInto('circle_banners')
        .values(
          banners.map((b, position) => ({
            circle_id: circle.id,
            kind: b.kind,
            title: b.title,
            image_file_id: b.image,
            link: b.link,
            position,
          })),
        )
        .execute();

      // Comments and replies: replies hang from the thread's first comment (as the API stores them).
      const modelIds: Record<Slug, { id: number; created: number }> = {
        'calibration-cube': { id: cube.id, created: cube.created_at },
        'twisted-vase': { id: vase.id, created: vase.created_at },
        'shelf-bracket': { id: bracket.id, created: bracket.created_at },
        'hex-key-holder': { id: holder.id, created: holder.created_at },
      };
      const threads = [
        ...MODEL_COMMENTS.map((c) => ({ ...c, kind: CommentKind.modelComment, target: modelIds[c.on] })),
        ...POSTS.flatMap((p) => p.comments.map((c) => ({ ...c, kind: CommentKind.postComment, target: posts[p.key] }))),
      ];
      // Never older than what it answers, never in the future.
      const at = (hours: number, after: number) => Math.min(now, Math.max(ago(hours), after + 60_000));
      const commented: { id: number; by: Who; created: number }[] = [];
      for (const c of threads) {
        if (!c.target) continue;
        const created = at(c.hoursAgo, c.target.created);
        const top = await trx
          .insertInto('comments')
          .values({ kind: c.kind, target_id: c.target.id, parent_id: null, author_id: users[c.by], body: c.body, created_at: created })
          .returning('id')
          .executeTakeFirstOrThrow();
        commented.push({ id: top.id, by: c.by, created });
        let last = created;
        for (const r of c.replies ?? []) {
          last = at(r.hoursAgo, last);
          const reply = await trx
            .insertInto('comments')
            .values({ kind: c.kind + 1, target_id: c.target.id, parent_id: top.id, author_id: users[r.by], body: r.body, created_at: last })
            .returning('id')
            .executeTakeFirstOrThrow();
          commented.push({ id: reply.id, by: r.by, created: last });
        }
      }

      // Likes and collects, from the makers who did not make the thing.
      const reactions: { table: 'likes' | 'collects'; who: Who; kind: TargetKind; id: number; after: number }[] = [];
      for (const [slug, r] of Object.entries(MODEL_REACTIONS) as [Slug, (typeof MODEL_REACTIONS)[Slug]][]) {
        const m = modelIds[slug];
        for (const who of r.likes) reactions.push({ table: 'likes', who, kind: 'model', id: m.id, after: m.created });
        for (const who of r.collects) reactions.push({ table: 'collects', who, kind: 'model', id: m.id, after: m.created });
      }
      for (const p of POSTS) {
        const post = posts[p.key];
        if (!post) continue;
        for (const who of p.likes) reactions.push({ table: 'likes', who, kind: 'post', id: post.id, after: post.created });
        for (const who of p.collects) reactions.push({ table: 'collects', who, kind: 'post', id: post.id, after: post.created });
      }
      // Every other comment liked by someone else.
      const fans: Who[] = ['sam', 'yichun', 'lin', 'lucas', 'camille'];
      commented.forEach((c, i) => {
        const who = fans.filter((f) => f !== c.by)[i % 4];
        if (i % 2 === 0 && who) reactions.push({ table: 'likes', who, kind: 'comment', id: c.id, after: c.created });
      });
      for (const [i, r] of reactions.entries()) {
        await trx
          .insertInto(r.table)
          .values({
            user_id: users[r.who],
            target_kind: r.kind,
            target_id: r.id,
            created_at: Math.min(now, Math.max(r.after, ago(48)) + i * 60_000),
          })
          .onConflict((oc) => oc.columns(['user_id', 'target_kind', 'target_id']).doNothing())
          .execute();
      }

      await recount(trx);
    },
  };
}

type DemoModelRow = { id: number; author_id: number; created_at: number };

/** The demo library's models by slug: the oldest live model holding `<slug>.stl`. */
async function demoModels(trx: Kysely<Database>): Promise<Partial<Record<Slug, DemoModelRow>>> {
  const rows = await trx
    .selectFrom('models')
    .innerJoin('model_files', 'model_files.model_id', 'models.id')
    .innerJoin('content_files', 'content_files.id', 'model_files.file_id')
    .select(['models.id', 'models.author_id', 'models.created_at', 'content_files.name'])
    .where(
      'content_files.name',
      'in',
      DEMO_MODELS.map((m) => `${m.slug}.stl`),
    )
    .where('models.deleted_at', 'is', null)
    .orderBy('models.id')
    .execute();
  const out: Partial<Record<Slug, DemoModelRow>> = {};
  for (const r of rows) {
    const slug = r.name.replace(/\.stl$/, '') as Slug;
    out[slug] ??= { id: r.id, author_id: r.author_id, created_at: r.created_at };
  }
  return out;
}

/** Like, collect and comment counts of models and posts, members and posts of circles, from the rows. */
async function recount(trx: Kysely<Database>): Promise<void> {
  for (const [table, kind, comments] of [
    ['models', 'model', [CommentKind.modelComment, CommentKind.modelReply]],
    ['posts', 'post', [CommentKind.postComment, CommentKind.postReply]],
  ] as const) {
    await trx
      .updateTable(table)
      .set((eb) => ({
        like_count: eb
          .selectFrom('likes')
          .select(eb.fn.countAll<number>().as('n'))
          .where('likes.target_kind', '=', kind)
          .whereRef('likes.target_id', '=', `${table}.id`),
        collect_count: eb
          .selectFrom('collects')
          .select(eb.fn.countAll<number>().as('n'))
          .where('collects.target_kind', '=', kind)
          .whereRef('collects.target_id', '=', `${table}.id`),
        comment_count: eb
          .selectFrom('comments')
          .select(eb.fn.countAll<number>().as('n'))
          .where('comments.kind', 'in', comments)
          .where('comments.deleted_at', 'is', null)
          .whereRef('comments.target_id', '=', `${table}.id`),
      }))
      .execute();
  }
  await trx
    .updateTable('circles')
    .set((eb) => ({
      member_count: eb
        .selectFrom('circle_members')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('circle_members.circle_id', '=', 'circles.id'),
      post_count: eb
        .selectFrom('posts')
        .select(eb.fn.countAll<number>().as('n'))
        .where('posts.deleted_at', 'is', null)
        .whereRef('posts.circle_id', '=', 'circles.id'),
    }))
    .execute();
}

/** Stores the timelapse, poster, circle cover, banners and post images. */
async function storeImages(trx: Kysely<Database>, storage: FileStorage, now: number): Promise<Record<ImageKey, number>> {
  const ids = {} as Record<ImageKey, number>;
  for (const [key, f] of Object.entries(DEMO_IMAGES) as [ImageKey, (typeof DEMO_IMAGES)[ImageKey]][]) {
    ids[key] = await addFile(
      trx,
      storage,
      { kind: f.kind ?? 'image', bytes: readDemoImage(f.name), ext: 'png', name: f.name, mime: f.mime ?? 'image/png' },
      now,
    );
  }
  return ids;
}
