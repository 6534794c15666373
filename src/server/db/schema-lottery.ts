import type { ColumnType, Generated } from 'kysely';

/** Tables of the lottery domain (migrations 0004, 0005). Times in epoch milliseconds. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** Per-language text, stored as JSON: `{ en, 'zh-CN', 'zh-TW', fr }`. */
export type LocalizedJson = string;

export type WinRowState = 'won' | 'received' | 'written_off';
export type ChanceReason = 'base' | 'premium' | 'invite' | 'share' | 'exchange' | 'admin';

export interface LotteryTables {
  lottery_campaigns: {
    id: Generated<number>;
    kind: Defaulted<string>;
    channel: Defaulted<number>;
    title: LocalizedJson;
    rules: LocalizedJson;
    starts_at: number;
    ends_at: number;
    restocking: Defaulted<number>;
    no_win_weight: Defaulted<number>;
    settings: string;
    created_at: number;
    updated_at: number;
  };
  lottery_prizes: {
    id: Generated<number>;
    campaign_id: number;
    kind: number;
    name: LocalizedJson;
    image_url: Defaulted<string>;
    stock: number;
    weight: number;
    per_user_cap: number | null;
    value: Defaulted<number>;
    position: number;
    created_at: number;
  };
  lottery_chance_grants: {
    id: Generated<number>;
    campaign_id: number;
    user_id: number;
    amount: number;
    reason: ChanceReason;
    business_key: string;
    created_at: number;
  };
  lottery_chance_balances: {
    campaign_id: number;
    user_id: number;
    remaining: number;
    /** Draws made (a participant is one with draws > 0). */
    draws: Defaulted<number>;
    /** The request id of the participant's latest draw, and that draw's time: a retry answers that draw (migrations 0019, 0020). */
    last_request_id: string | null;
    last_draw_at: number | null;
  };
  lottery_draws: {
    id: Generated<number>;
    campaign_id: number;
    user_id: number;
    /** The draw request's id header (a retry is found through the balance's last_request_id). */
    request_id: string;
    result: number;
    prize_id: number | null;
    created_at: number;
  };
  lottery_wins: {
    id: Generated<number>;
    draw_id: number;
    campaign_id: number;
    user_id: number;
    prize_id: number;
    state: WinRowState;
    redeem_code: string;
    created_at: number;
    claimed_at: number | null;
    written_off_at: number | null;
    written_off_by: number | null;
  };
  lottery_claims: {
    win_id: number;
    user_id: number;
    address: string;
    created_at: number;
    /** The shipment as it stands (migration 0025); its history is lottery_shipment_events. */
    shipped_at: Defaulted<number | null>;
    carrier: Defaulted<string | null>;
    tracking_number: Defaulted<string | null>;
  };
  /** Every ship and undo of a claimed prize, numbered per win (migration 0025). */
  lottery_shipment_events: {
    id: Generated<number>;
    win_id: number;
    seq: number;
    action: 'shipped' | 'undone';
    carrier: string;
    tracking_number: string;
    actor_id: number;
    created_at: number;
  };
  /** Invited friends: one inviter per friend and campaign, one friend per device and campaign. */
  lottery_invites: {
    id: Generated<number>;
    campaign_id: number;
    inviter_id: number;
    invitee_id: number;
    device_id: string;
    chances_granted: number;
    created_at: number;
    /** Invite-friends campaigns: pending | released | received | expired (null for raffles). */
    coin_state: string | null;
    coins: Defaulted<number>;
  };
  /** Every coin state an invite reached, once each (migration 0009). */
  referral_events: { id: Generated<number>; invite_id: number; state: string; created_at: number };
  /** A referrer's one tier claim per campaign (migration 0010); it ends their inviting there. */
  referral_tier_claims: {
    id: Generated<number>;
    campaign_id: number;
    user_id: number;
    tier: number;
    friends: number;
    win_id: number;
    created_at: number;
  };
  /** Check-in campaigns (kind `checkin`, migration 0006): a member's pinned time zone. */
  checkin_members: { campaign_id: number; user_id: number; time_zone: string; created_at: number };
  /** One row per member and day (YYYY-MM-DD in their zone): the streak reached and coins paid. */
  checkins: { id: Generated<number>; campaign_id: number; user_id: number; day: string; streak: number; coins: number; created_at: number };
  /** `allActivity/join`: who joined which campaign (once). */
  activity_participants: { campaign_id: number; user_id: number; activity_type: number; created_at: number };
  /** Gift codes (migration 0007): single use, stored as their SHA-256. */
  gift_codes: {
    id: Generated<number>;
    campaign_id: number;
    prize_id: number;
    code_hash: string;
    hint: string;
    expires_at: number;
    created_at: number;
    redeemed_by: number | null;
    redeemed_at: number | null;
    win_id: number | null;
    /** Voided by staff (migration 0025): redeems nothing. */
    voided_at: Defaulted<number | null>;
    voided_by: Defaulted<number | null>;
    /** The batch it was generated in ('' before batches were named). */
    batch_key: Defaulted<string>;
  };
  /** Failed gift code entries, per user (guessing is slowed down). */
  gift_attempts: { id: Generated<number>; user_id: number; created_at: number };
  /** Newcomer gift packs claimed (migration 0008): once per account and campaign. */
  newcomer_claims: { campaign_id: number; user_id: number; created_at: number };
  /** Collection cards (migration 0011): one per user and earning event; spent by an exchange. */
  collection_cards: {
    id: Generated<number>;
    campaign_id: number;
    user_id: number;
    card_key: string;
    /** What earned it: `checkin:<campaign>:<day>`, `draw:<draw id>` or `invite:<invite id>`. */
    source_key: string;
    created_at: number;
    exchange_id: Defaulted<number | null>;
  };
  /** A complete set exchanged for the campaign's prize: once per user and campaign. */
  collection_exchanges: { id: Generated<number>; campaign_id: number; user_id: number; win_id: number | null; created_at: number };
  shipping_addresses: {
    id: Generated<number>;
    user_id: number;
    full_name: string;
    phone: string;
    country: string;
    province: Defaulted<string>;
    city: string;
    street: Defaulted<string>;
    detail: string;
    post_code: Defaulted<string>;
    email: Defaulted<string>;
    tax_id: Defaulted<string>;
    remark: Defaulted<string>;
    is_default: Defaulted<number>;
    created_at: number;
    updated_at: number;
  };
  coin_ledger: {
    id: Generated<number>;
    user_id: number;
    delta: number;
    reason: string;
    business_key: string;
    created_at: number;
    /** A staff adjustment's reason (migration 0028); null for every other movement. */
    note: ColumnType<string | null, string | null | undefined, string | null>;
  };
  coin_balances: { user_id: number; balance: number };
}
