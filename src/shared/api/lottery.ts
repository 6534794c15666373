import { z } from 'zod';
import { ZShippingAddress } from './addresses';
import { API } from './all-routes';

/**
 * The raffle calls (`/api/rest/lottery/…`). The spec shows paths and a few parameter
 * names only; the shapes here are what the raffle pages need (docs: README "Raffle").
 */
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const lotteryId = z.object({ lotteryId: id });
/** A win's redeem code (server/lottery/pick.ts), as typed or scanned: case does not matter. */
const redeemCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z2-9]{12}$/, 'errors:redeemCodeFormat');

/** How a raffle is drawn, each on its page: a wheel (/activitys), blind boxes (/blind-box), the planet (/happy-planet). */
export const RAFFLE_LOOKS = ['wheel', 'box', 'planet'] as const;
export type RaffleLook = (typeof RAFFLE_LOOKS)[number];

export type CampaignStateName = 'notStarted' | 'ongoing' | 'ended' | 'restocking';

export interface PrizeView {
  id: string;
  /** 1 entity, 2 virtual, 3 bean, 4 vip, 5 space. */
  kind: number;
  name: string;
  imageUrl: string;
  /** Beans, premium days or GB. */
  value: number;
}

/** What every campaign page shows first (raffle, check-in, gift pack, invite), in the reader's language. */
export interface CampaignHead {
  id: string;
  title: string;
  rules: string;
  state: CampaignStateName;
  startsAt: number;
  endsAt: number;
}

export interface LotteryInfo extends CampaignHead {
  /** Wheel segments in order, each with its published odds in percent; `prize: null` is no-win. */
  segments: { prize: PrizeView | null; oddsPercent: number }[];
  exchangeCost: number;
}

export interface DrawResultView {
  /** Win state: 1 win, 2 nowin. */
  winState: number;
  /** The wheel segment to stop on. */
  segment: number;
  prize: PrizeView | null;
  winId: string | null;
  remaining: number;
}

export interface MyPrizeView {
  winId: string;
  prize: PrizeView;
  /** won (entity prize to claim) | received | written_off */
  state: 'won' | 'received' | 'written_off';
  redeemCode: string;
  createdAt: number;
  claim: { address: z.infer<typeof ZShippingAddress>; createdAt: number } | null;
  /** A claimed prize sent by staff: the courier and its tracking number. */
  shipment: { carrier: string; trackingNumber: string; shippedAt: number } | null;
}

export const getLotteryInfo = { ...API.lottery.getLotteryInfo, input: lotteryId, result: z.custom<LotteryInfo>() };
export const lottery = { ...API.lottery.lottery, input: lotteryId, result: z.custom<DrawResultView>() };
export const getMyLotteryTimes = {
  ...API.lottery.getMyLotteryTimes,
  input: lotteryId,
  result: z.custom<{ remaining: number; coins: number }>(),
};
export const myPrize = { ...API.lottery.myPrize, input: lotteryId, result: z.custom<MyPrizeView[]>() };
export const prizeInfo = { ...API.lottery.prizeInfo, input: z.object({ id }), result: z.custom<MyPrizeView>() };
export const shareLog = {
  ...API.lottery.shareLog,
  input: lotteryId,
  result: z.custom<{ granted: boolean; remaining: number }>(),
};
export const exchangeLotteryTimes = {
  ...API.lottery.exchangeLotteryTimes,
  input: lotteryId,
  result: z.custom<{ remaining: number; coins: number }>(),
};
/** `awardsCode` is the win's redeem code, `addressInfo` the shipping address. */
export const receiveAward = {
  ...API.lottery.receiveAward,
  input: z.object({ awardsCode: redeemCode, addressInfo: ZShippingAddress }),
  result: z.custom<MyPrizeView>(),
};
/** Staff: what a redeem code (typed or scanned) stands for, before writing it off. */
export const checkLottery = {
  ...API.lottery.checkLottery,
  input: z.object({ id: redeemCode, activeId: id }),
  result: z.custom<MyPrizeView & { winner: string }>(),
};
export const writeOffOperation = {
  ...API.lottery.writeOffOperation,
  input: z.object({ code: redeemCode, activeId: id }),
  result: z.custom<MyPrizeView>(),
};

/** Public figures of a campaign and the winners' marquee (nicknames masked). */
export interface LotteryDataInfo {
  participants: number;
  draws: number;
  winners: { nickname: string; prize: string; at: number }[];
}
export const getLotteryDataInfo = { ...API.lottery.getLotteryDataInfo, input: lotteryId, result: z.custom<LotteryDataInfo>() };

/** The signed-in user's chance grants in a campaign (why they have the draws they have). */
export const getLotteryTimes = {
  ...API.lottery.getLotteryTimes,
  input: lotteryId,
  result: z.custom<{ grants: { amount: number; reason: string; at: number }[]; remaining: number }>(),
};

/** The signed-in user's coin (bean) movements, newest first. */
export const getMyKwbeansWingingLog = {
  ...API.lottery.getMyKwbeansWingingLog,
  input: z.object({}),
  result: z.custom<{ balance: number; log: { delta: number; reason: string; at: number }[] }>(),
};

/** Staff: stock and outcome of every prize of their campaign. */
export const managerDataInfo = {
  ...API.lottery.managerDataInfo,
  input: lotteryId,
  result: z.custom<
    LotteryDataInfo & { prizes: { prize: PrizeView; stockLeft: number; won: number; claimed: number; writtenOff: number }[] }
  >(),
};

/** Staff: the campaign's wins, newest first; `volumeCode` finds one redeem code. */
export const winLogList = {
  ...API.lottery.winLogList,
  input: z.object({
    lotteryId: id,
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
    volumeCode: redeemCode.optional(),
  }),
  result: z.custom<{ list: (MyPrizeView & { winner: string })[]; total: number; page: number; pageSize: number }>(),
};
