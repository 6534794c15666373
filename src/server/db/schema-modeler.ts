import type { ColumnType, Generated } from 'kysely';

type Counter = ColumnType<number, number | undefined, number>;

/** The modeler programme's tables (migration 0016). */
export interface ModelerTables {
  /** Modelling requests posted by members; `image_ids` a JSON array of content_files ids (≤ 3). */
  modeler_requests: {
    id: Generated<number>;
    user_id: number;
    title: string;
    description: string;
    budget: number;
    image_ids: string;
    closed_at: number | null;
    created_at: number;
  };
  /** Design contests, made by admins; votes count between `vote_starts_at` and `vote_ends_at`. */
  modeler_contests: {
    id: Generated<number>;
    title: string;
    description: string;
    starts_at: number;
    ends_at: number;
    vote_starts_at: number;
    vote_ends_at: number;
    created_at: number;
  };
  /** A contest's entries; `vote_count` moves in the same transaction as the vote row. */
  modeler_entries: {
    id: Generated<number>;
    contest_id: number;
    title: string;
    designer: string;
    image_url: string;
    model_id: number | null;
    position: number;
    vote_count: Counter;
    created_at: number;
  };
  /** One vote per member and entry (primary key). */
  modeler_votes: { entry_id: number; user_id: number; created_at: number };
}
