import type { Generated } from 'kysely';
import type { LocalizedJson } from './schema-lottery';

/** Tables of the venues domain (migration 0013). Times in epoch milliseconds. */
export interface VenueTables {
  venues: {
    id: Generated<number>;
    slug: string;
    wechat_path: string;
    name: LocalizedJson;
    place: LocalizedJson;
    starts_at: number;
    ends_at: number;
    /** IANA zone: the venue's "today" for staff counts, and how its dates read. */
    time_zone: string;
    /** JSON `[{ name, model }]`. */
    printers: string;
    /** JSON array of content model ids. */
    samples: string;
    campaign_id: number;
    /** JSON `{ dev?, pro? }`: WECHAT_CLIENTS ids. */
    wechat: string;
    created_at: number;
    updated_at: number;
  };
}
