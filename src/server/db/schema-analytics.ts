import type { Generated } from 'kysely';

/** Tables of the analytics domain (migration 0012). Times in epoch milliseconds. */
export interface AnalyticsTables {
  analytics_events: {
    id: Generated<number>;
    time: number;
    received_at: number;
    /** track | track_signup */
    type: string;
    event: string;
    distinct_id: string;
    original_id: string | null;
    track_id: number | null;
    /** The client's own `time`, 0 when it sent none: part of the deduplication key. */
    sent_time: number;
    activity_id: string | null;
    channel: string | null;
    /** JSON object */
    properties: string;
    /** JSON object (the SDK's `lib`), when sent */
    lib: string | null;
  };
  analytics_identities: {
    original_id: string;
    distinct_id: string;
    time: number;
  };
  analytics_profiles: {
    distinct_id: string;
    /** JSON object */
    properties: string;
    updated_at: number;
  };
  analytics_rejections: {
    day: string;
    reason: string;
    count: number;
  };
}
