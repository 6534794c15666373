import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeApng } from '../../../scripts/demo-assets/test-apng-reader';
import type { SliceParameters } from '../../shared/slice';
import { type Db, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { runSeeds } from '../db/seed/seed';
import { contentDemoSeed } from './seed';
import { communityDemoSeed } from './seed-community';
import { createDiskStorage, type FileStorage } from './storage';

/** Both demo seeds on a fresh SQLite database: the community's rows agree with each other. */
describe('community demo seed', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-seed-community-'));
  let db: Db;
  let storage: FileStorage;
  let applied: string[];
  const now = Date.UTC(2026, 5, 1, 12);

  beforeAll(async () => {
    db = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'seed.sqlite') });
    await migrateToLatest(db.kysely);
    storage = createDiskStorage(path.join(dir, 'files'));
    applied = await runSeeds(db.kysely, [contentDemoSeed(storage), communityDemoSeed(storage)], now);
  }, 60_000);

  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const all = <T extends keyof Database>(table: T) =>
    db.kysely.selectFrom(table).selectAll().execute() as Promise<Selectable<Database[T]>[]>;
  const bytesOf = async (key: string): Promise<Buffer> => {
    const chunks: Buffer[] = [];
    for await (const c of storage.read(key) ?? []) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  it('runs once, after the library', async () => {
    expect(applied).toEqual(['content-demo-v1', 'community-demo-v1']);
    expect(await runSeeds(db.kysely, [contentDemoSeed(storage), communityDemoSeed(storage)], now)).toEqual([]);
    expect(await all('users')).toHaveLength(6);
    expect(await all('posts')).toHaveLength(8);
  });

  it('keeps like, collect and comment counts equal to the rows', async () => {
    const [likes, collects, comments] = await Promise.all([all('likes'), all('collects'), all('comments')]);
    const count = (rows: { target_kind: string; target_id: number }[], kind: string, id: number) =>
      rows.filter((r) => r.target_kind === kind && r.target_id === id).length;
    const targets = [
      ...(await all('models')).map((m) => ({ row: m, kind: 'model', comments: [1, 2] })),
      ...(await all('posts')).map((p) => ({ row: p, kind: 'post', comments: [3, 4] })),
    ];
    for (const { row, kind, comments: kinds } of targets) {
      expect(row.like_count, `${kind} ${row.id} likes`).toBe(count(likes, kind, row.id));
      expect(row.collect_count, `${kind} ${row.id} collects`).toBe(count(collects, kind, row.id));
      // Replies count too, as the comment API counts them.
      expect(row.comment_count, `${kind} ${row.id} comments`).toBe(
        comments.filter((c) => kinds.includes(c.kind) && c.target_id === row.id && c.deleted_at === null).length,
      );
    }
    // Every model and post has some of each; and nobody likes or collects their own.
    for (const { row, kind } of targets) {
      expect(row.like_count).toBeGreaterThan(0);
      for (const r of [...likes, ...collects].filter((x) => x.target_kind === kind && x.target_id === row.id)) {
        expect(r.user_id).not.toBe(row.author_id);
      }
    }
    expect(likes.some((l) => l.target_kind === 'comment')).toBe(true);
  });

  it('keeps member and post counts of the circle equal to the rows', async () => {
    const [circles, members, posts] = await Promise.all([all('circles'), all('circle_members'), all('posts')]);
    expect(circles).toHaveLength(1);
    const c = circles[0];
    if (!c) throw new Error('no circle');
    expect(c.member_count).toBe(members.filter((m) => m.circle_id === c.id).length);
    expect(c.post_count).toBe(posts.filter((p) => p.circle_id === c.id).length);
    expect(members.map((m) => m.user_id)).toContain(c.owner_id);
    expect([c.member_count, c.post_count]).toEqual([6, 5]);
    // Posts in the circle are by its members.
    for (const p of posts.filter((x) => x.circle_id === c.id)) expect(members.map((m) => m.user_id)).toContain(p.author_id);
  });

  it('hangs replies under a comment on the same target, and dates everything after what it answers', async () => {
    const comments = await all('comments');
    const byId = new Map(comments.map((c) => [c.id, c]));
    const created = new Map<string, number>([
      ...(await all('models')).map((m) => [`model ${m.id}`, m.created_at] as const),
      ...(await all('posts')).map((p) => [`post ${p.id}`, p.created_at] as const),
    ]);
    const replies = comments.filter((c) => c.parent_id !== null);
    expect(replies.length).toBeGreaterThan(5);
    for (const c of comments) {
      const target = created.get(`${c.kind <= 2 ? 'model' : 'post'} ${c.target_id}`);
      expect(target, `target of comment ${c.id}`).toBeDefined();
      expect(c.created_at).toBeGreaterThan(target ?? Infinity);
      expect(c.created_at).toBeLessThanOrEqual(now);
      if (c.parent_id === null) {
        expect([1, 3]).toContain(c.kind);
        continue;
      }
      const parent = byId.get(c.parent_id);
      expect(parent?.parent_id).toBeNull();
      expect(parent?.target_id).toBe(c.target_id);
      expect(parent?.kind).toBe(c.kind - 1);
      expect(c.created_at).toBeGreaterThan(parent?.created_at ?? Infinity);
    }
    // On models and posts, in the four languages of the site.
    expect(new Set(comments.map((c) => c.kind))).toEqual(new Set([1, 2, 3, 4]));
    const users = new Map((await all('users')).map((u) => [u.id, u.locale]));
    expect(new Set(comments.map((c) => users.get(c.author_id)))).toEqual(new Set(['zh-CN', 'en', 'fr', 'zh-TW']));
  });

  it('has posts of every content kind, by users and the official account, in and outside the circle, on topics', async () => {
    const [posts, postTopics, topics, images] = await Promise.all([all('posts'), all('post_topics'), all('topics'), all('post_images')]);
    expect(new Set(posts.map((p) => p.content_kind))).toEqual(new Set([1, 2, 3, 4]));
    expect(new Set(posts.map((p) => p.author_kind))).toEqual(new Set([1, 2]));
    expect(new Set(posts.map((p) => p.circle_id === null))).toEqual(new Set([true, false]));
    // The circle has posts by users and by the official account (its author filter has something to do).
    expect(new Set(posts.filter((p) => p.circle_id !== null).map((p) => p.author_kind))).toEqual(new Set([1, 2]));
    expect(topics.map((t) => t.name)).toContain('Calibration & tuning');
    for (const t of topics) expect(postTopics.some((pt) => pt.topic_id === t.id)).toBe(true);
    for (const p of posts) {
      const n = images.filter((i) => i.post_id === p.id).length;
      // Text posts have no images; image and text-image posts do; the video post has its video.
      expect(n > 0, `post ${p.id} images`).toBe(p.content_kind === 2 || p.content_kind === 4);
      expect(p.video_file_id !== null).toBe(p.content_kind === 3);
    }
  });

  it('adds members of both kinds, ages and languages, who follow each other', async () => {
    const users = await all('users');
    expect(new Set(users.map((u) => u.gender))).toEqual(new Set([0, 1, 2]));
    expect(users.filter((u) => u.age !== null).length).toBeGreaterThanOrEqual(2);
    expect(new Set(users.map((u) => u.locale))).toEqual(new Set(['zh-CN', 'en', 'fr', 'zh-TW']));
    const follows = await all('follows');
    expect(follows.length).toBeGreaterThan(5);
    for (const f of follows) expect(f.follower_id).not.toBe(f.followee_id);
  });

  it('has banners of the three kinds linking to pages of the site', async () => {
    const banners = await all('circle_banners');
    expect(banners.map((b) => b.kind).sort()).toEqual([1, 2, 3]);
    const models = new Set((await all('models')).map((m) => m.id));
    const posts = new Set((await all('posts')).map((p) => p.id));
    for (const b of banners) {
      expect(b.link).toMatch(/^\/creality-cloud\/(model-details\/\d+|share-content\/\d+|tools\/[\w-]+\/\d+)$/);
      const id = Number(b.link.split('/')[3]);
      if (b.link.includes('model-details')) expect(models.has(id)).toBe(true);
      if (b.link.includes('share-content')) expect(posts.has(id)).toBe(true);
    }
  });

  it('has a timelapse of the vase: an animated PNG as long as the print profile says', async () => {
    const [tl] = await all('timelapses');
    if (!tl) throw new Error('no timelapse');
    const files = new Map((await all('content_files')).map((f) => [f.id, f]));
    const video = files.get(tl.video_file_id);
    expect(video).toMatchObject({ kind: 'video', mime: 'image/apng' });
    expect(files.get(tl.poster_file_id ?? 0)).toMatchObject({ kind: 'image', mime: 'image/png' });
    const slice = await db.kysely
      .selectFrom('slices')
      .select('params')
      .where('model_id', '=', tl.model_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(tl.duration_seconds).toBe((JSON.parse(slice.params) as SliceParameters).estimatedSeconds);
    expect(tl.printer).toBe('K1 Max');
    const apng = decodeApng(await bytesOf(video?.storage_key ?? ''));
    expect(apng.frames.length).toBe(apng.frameCount);
    expect(apng.frameCount).toBeGreaterThanOrEqual(24);
    // The video post plays the same recording.
    const post = await db.kysely.selectFrom('posts').select('video_file_id').where('content_kind', '=', 3).executeTakeFirstOrThrow();
    expect(post.video_file_id).toBe(tl.video_file_id);
  });

  it('stores every file a row refers to', async () => {
    const files = new Map((await all('content_files')).map((f) => [f.id, f]));
    const [circles, banners, posts, postImages, timelapses, modelImages, modelFiles] = await Promise.all([
      all('circles'),
      all('circle_banners'),
      all('posts'),
      all('post_images'),
      all('timelapses'),
      all('model_images'),
      all('model_files'),
    ]);
    const referenced = [
      ...modelImages.map((i) => i.file_id),
      ...modelFiles.map((f) => f.file_id),
      ...circles.map((c) => c.cover_file_id),
      ...banners.map((b) => b.image_file_id),
      ...posts.filter((p) => p.video_file_id !== null).map((p) => p.video_file_id),
      ...postImages.map((i) => i.file_id),
      ...timelapses.flatMap((t) => [t.video_file_id, t.poster_file_id]),
    ];
    expect(referenced.length).toBeGreaterThanOrEqual(22);
    for (const id of referenced) {
      const f = files.get(id ?? 0);
      expect(f, `file ${id}`).toBeDefined();
      expect(storage.size(f?.storage_key ?? '')).toBe(f?.size_bytes);
      if (f?.mime === 'image/png') expect((await bytesOf(f.storage_key)).subarray(1, 4).toString()).toBe('PNG');
    }
  });
});
