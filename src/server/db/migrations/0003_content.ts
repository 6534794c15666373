import type { Kysely, Migration } from 'kysely';
import { autoId } from './dialect';

/**
 * Content shown on shared pages: files (stored through the storage interface), models with their
 * images and files, slices (print profiles, parameters as JSON), posts, topics, circles with members
 * and banners, timelapses, comments and replies, likes, collects and follows. Counters on the rows
 * are kept in the same transaction as the like/collect/comment rows that change them.
 */
export const migration0003: Migration = {
  async up(db: Kysely<unknown>) {
    const id = autoId(db);
    const counters = ['like_count', 'collect_count', 'comment_count'] as const;

    await db.schema
      .createTable('content_files')
      .addColumn('id', id.type, id.build)
      // image | model | video | gcode
      .addColumn('kind', 'varchar(10)', (c) => c.notNull())
      .addColumn('storage_key', 'varchar(300)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('mime', 'varchar(100)', (c) => c.notNull())
      .addColumn('size_bytes', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    let models = db.schema
      .createTable('models')
      .addColumn('id', id.type, id.build)
      .addColumn('author_id', 'bigint', (c) => c.notNull().references('users.id'))
      .addColumn('circle_id', 'bigint')
      .addColumn('title', 'varchar(120)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('licence', 'varchar(10)', (c) => c.notNull())
      // 1 free, 2 paid
      .addColumn('price', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0));
    for (const n of counters) models = models.addColumn(n, 'integer', (c) => c.notNull().defaultTo(0));
    await models
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('deleted_at', 'bigint')
      .execute();
    await db.schema.createIndex('models_author').on('models').column('author_id').execute();

    for (const table of ['model_images', 'model_files']) {
      await db.schema
        .createTable(table)
        .addColumn('model_id', 'bigint', (c) => c.notNull().references('models.id').onDelete('cascade'))
        .addColumn('file_id', 'bigint', (c) => c.notNull().references('content_files.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${table}_pk`, ['model_id', 'position'])
        .execute();
    }

    await db.schema
      .createTable('slices')
      .addColumn('id', id.type, id.build)
      .addColumn('model_id', 'bigint', (c) => c.notNull().references('models.id').onDelete('cascade'))
      .addColumn('author_id', 'bigint', (c) => c.notNull().references('users.id'))
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      // SliceParameters (src/shared/api/content.ts) as JSON: what the slicer said, nothing invented.
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('gcode_file_id', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('slices_model').on('slices').column('model_id').execute();

    await db.schema
      .createTable('topics')
      .addColumn('id', id.type, id.build)
      .addColumn('name', 'varchar(60)', (c) => c.notNull().unique())
      .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('circles')
      .addColumn('id', id.type, id.build)
      .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id'))
      .addColumn('name', 'varchar(60)', (c) => c.notNull())
      .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('cover_file_id', 'bigint')
      .addColumn('member_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('post_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('circle_members')
      .addColumn('circle_id', 'bigint', (c) => c.notNull().references('circles.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('joined_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('circle_members_pk', ['circle_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('circle_banners')
      .addColumn('id', id.type, id.build)
      .addColumn('circle_id', 'bigint', (c) => c.notNull().references('circles.id').onDelete('cascade'))
      // 1 channel, 2 circle, 3 tools
      .addColumn('kind', 'integer', (c) => c.notNull())
      .addColumn('title', 'varchar(120)', (c) => c.notNull())
      .addColumn('image_file_id', 'bigint')
      .addColumn('link', 'varchar(500)', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();

    let posts = db.schema
      .createTable('posts')
      .addColumn('id', id.type, id.build)
      .addColumn('author_id', 'bigint', (c) => c.notNull().references('users.id'))
      // 1 user, 2 official
      .addColumn('author_kind', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('circle_id', 'bigint')
      // 1 text, 2 image, 3 video, 4 text-image
      .addColumn('content_kind', 'integer', (c) => c.notNull())
      .addColumn('title', 'varchar(120)', (c) => c.notNull().defaultTo(''))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('video_file_id', 'bigint');
    for (const n of counters) posts = posts.addColumn(n, 'integer', (c) => c.notNull().defaultTo(0));
    await posts
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('deleted_at', 'bigint')
      .execute();
    await db.schema.createIndex('posts_circle').on('posts').columns(['circle_id', 'created_at']).execute();
    await db.schema.createIndex('posts_author').on('posts').columns(['author_id', 'created_at']).execute();

    await db.schema
      .createTable('post_images')
      .addColumn('post_id', 'bigint', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('file_id', 'bigint', (c) => c.notNull().references('content_files.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('post_images_pk', ['post_id', 'position'])
      .execute();

    await db.schema
      .createTable('post_topics')
      .addColumn('post_id', 'bigint', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('topic_id', 'bigint', (c) => c.notNull().references('topics.id'))
      .addPrimaryKeyConstraint('post_topics_pk', ['post_id', 'topic_id'])
      .execute();

    await db.schema
      .createTable('timelapses')
      .addColumn('id', id.type, id.build)
      .addColumn('author_id', 'bigint', (c) => c.notNull().references('users.id'))
      .addColumn('model_id', 'bigint')
      .addColumn('video_file_id', 'bigint', (c) => c.notNull())
      .addColumn('poster_file_id', 'bigint')
      .addColumn('printer', 'varchar(80)', (c) => c.notNull().defaultTo(''))
      .addColumn('duration_seconds', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('comments')
      .addColumn('id', id.type, id.build)
      // 1 modelComment, 2 modelReply, 3 postComment, 4 postReply
      .addColumn('kind', 'integer', (c) => c.notNull())
      .addColumn('target_id', 'bigint', (c) => c.notNull())
      .addColumn('parent_id', 'bigint')
      .addColumn('author_id', 'bigint', (c) => c.notNull().references('users.id'))
      .addColumn('body', 'varchar(2000)', (c) => c.notNull())
      // Idempotency of a retried comment: the request id of the header context.
      .addColumn('request_id', 'varchar(36)', (c) => c.unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('deleted_at', 'bigint')
      .execute();
    await db.schema.createIndex('comments_target').on('comments').columns(['kind', 'target_id', 'created_at']).execute();

    for (const table of ['likes', 'collects']) {
      await db.schema
        .createTable(table)
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // model | post | comment
        .addColumn('target_kind', 'varchar(10)', (c) => c.notNull())
        .addColumn('target_id', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', 'target_kind', 'target_id'])
        .execute();
    }

    await db.schema
      .createTable('follows')
      .addColumn('follower_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('followee_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
      .execute();
    await db.schema.createIndex('follows_followee').on('follows').column('followee_id').execute();
  },
};
