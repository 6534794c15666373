import type { ColumnType, Generated } from 'kysely';

/** Tables of the content domain (migration 0003). Times in epoch milliseconds. */
type Counter = ColumnType<number, number | undefined, number>;
type Text = ColumnType<string, string | undefined, string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export type FileKind = 'image' | 'model' | 'video' | 'gcode';
export type TargetKind = 'model' | 'post' | 'comment';

export interface ContentTables {
  content_files: {
    id: Generated<number>;
    kind: FileKind;
    storage_key: string;
    name: string;
    mime: string;
    size_bytes: number;
    created_at: number;
  };
  models: {
    id: Generated<number>;
    author_id: number;
    circle_id: number | null;
    title: string;
    description: string;
    licence: string;
    price: Counter;
    download_count: Counter;
    like_count: Counter;
    collect_count: Counter;
    comment_count: Counter;
    created_at: number;
    updated_at: number;
    deleted_at: number | null;
    /** Hidden by staff (migration 0025): deleted_at is set too, so visitors' reads skip it. */
    hidden_at: Defaulted<number | null>;
  };
  /** Resumable uploads (migration 0032); a complete one keeps its stored file's id, its parts deleted. */
  content_uploads: {
    id: string;
    actor_id: number;
    name: string;
    size_bytes: number;
    received_bytes: Defaulted<number>;
    file_id: Defaulted<number | null>;
    created_at: number;
    updated_at: number;
  };
  content_upload_parts: { id: Generated<number>; upload_id: string; offset_bytes: number; size_bytes: number; storage_key: string };
  model_images: { model_id: number; file_id: number; position: number };
  model_files: { model_id: number; file_id: number; position: number };
  slices: {
    id: Generated<number>;
    model_id: number;
    author_id: number;
    name: string;
    params: string;
    gcode_file_id: number | null;
    /** Storage key of the toolpath preview made from the G-code (migration 0036); null when there is none. */
    toolpath_key: string | null;
    created_at: number;
  };
  topics: { id: Generated<number>; name: string; description: Text; created_at: number };
  circles: {
    id: Generated<number>;
    owner_id: number;
    name: string;
    description: Text;
    cover_file_id: number | null;
    member_count: Counter;
    post_count: Counter;
    created_at: number;
  };
  circle_members: { circle_id: number; user_id: number; joined_at: number };
  circle_banners: {
    id: Generated<number>;
    circle_id: number;
    kind: number;
    title: string;
    image_file_id: number | null;
    link: string;
    position: number;
  };
  posts: {
    id: Generated<number>;
    author_id: number;
    author_kind: Counter;
    circle_id: number | null;
    content_kind: number;
    title: Text;
    body: string;
    video_file_id: number | null;
    like_count: Counter;
    collect_count: Counter;
    comment_count: Counter;
    created_at: number;
    deleted_at: number | null;
    /** Hidden by staff (migration 0025): deleted_at is set too, so visitors' reads skip it. */
    hidden_at: Defaulted<number | null>;
  };
  post_images: { post_id: number; file_id: number; position: number };
  post_topics: { post_id: number; topic_id: number };
  timelapses: {
    id: Generated<number>;
    author_id: number;
    model_id: number | null;
    video_file_id: number;
    poster_file_id: number | null;
    printer: Text;
    duration_seconds: number;
    created_at: number;
  };
  comments: {
    id: Generated<number>;
    kind: number;
    target_id: number;
    parent_id: number | null;
    author_id: number;
    body: string;
    request_id: string | null;
    created_at: number;
    deleted_at: number | null;
    /** Hidden by staff (migration 0025): deleted_at is set too, so visitors' reads skip it. */
    hidden_at: Defaulted<number | null>;
  };
  likes: { user_id: number; target_kind: TargetKind; target_id: number; created_at: number };
  collects: { user_id: number; target_kind: TargetKind; target_id: number; created_at: number };
  follows: { follower_id: number; followee_id: number; created_at: number };
  /** Visitors' reports (migration 0025): once per visitor and item. */
  content_reports: {
    id: Generated<number>;
    item_type: ReportedKind;
    item_id: number;
    reporter_id: number;
    reason: string;
    note: Text;
    created_at: number;
  };
  /** Staff decisions on reported or hidden items, numbered per item (migration 0025). */
  content_moderation_events: {
    id: Generated<number>;
    item_type: ReportedKind;
    item_id: number;
    seq: number;
    action: 'hidden' | 'restored' | 'dismissed';
    actor_id: number;
    created_at: number;
  };
}

export type ReportedKind = TargetKind | 'user';
