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

export const CAMPAIGN_STATE_NAMES = ['notStarted', 'ongoing', 'ended', 'restocking'] as const;
export type CampaignStateName = (typeof CAMPAIGN_STATE_NAMES)[number];

export const ZPrizeView = z.object({
  id: z.string(),
  /** 1 entity, 2 virtual, 3 bean, 4 vip, 5 space. */
  kind: z.number(),
  name: z.string(),
  imageUrl: z.string(),
  /** Beans, premium days or GB. */
  value: z.number(),
});
export type PrizeView = z.infer<typeof ZPrizeView>;

/** What every campaign page shows first (raffle, check-in, gift pack, invite), in the reader's language. */
export const ZCampaignHead = z.object({
  id: z.string(),
  title: z.string(),
  rules: z.string(),
  state: z.enum(CAMPAIGN_STATE_NAMES),
  startsAt: z.number(),
  endsAt: z.number(),
});
export type CampaignHead = z.infer<typeof ZCampaignHead>;

const ZLotteryInfo = ZCampaignHead.extend({
  /** Wheel segments in order, each with its published odds in percent; `prize: null` is no-win. */
  segments: z.array(z.object({ prize: ZPrizeView.nullable(), oddsPercent: z.number() })),
  exchangeCost: z.number(),
});
export type LotteryInfo = z.infer<typeof ZLotteryInfo>;

const ZDrawResultView = z.object({
  /** Win state: 1 win, 2 nowin. */
  winState: z.number(),
  /** The wheel segment to stop on. */
  segment: z.number(),
  prize: ZPrizeView.nullable(),
  winId: z.string().nullable(),
  remaining: z.number(),
});
export type DrawResultView = z.infer<typeof ZDrawResultView>;

export const ZMyPrizeView = z.object({
  winId: z.string(),
  prize: ZPrizeView,
  /** won (entity prize to claim) | received | written_off */
  state: z.enum(['won', 'received', 'written_off']),
  redeemCode: z.string(),
  createdAt: z.number(),
  claim: z.object({ address: ZShippingAddress, createdAt: z.number() }).nullable(),
  /** A claimed prize sent by staff: the courier and its tracking number. */
  shipment: z.object({ carrier: z.string(), trackingNumber: z.string(), shippedAt: z.number() }).nullable(),
});
export type MyPrizeView = z.infer<typeof ZMyPrizeView>;
const ZWinnersPrize = ZMyPrizeView.extend({ winner: z.string() });
const ZTimesAndCoins = z.object({ remaining: z.number(), coins: z.number() });

export const getLotteryInfo = { ...API.lottery.getLotteryInfo, input: lotteryId, result: ZLotteryInfo };
export const lottery = { ...API.lottery.lottery, input: lotteryId, result: ZDrawResultView };
export const getMyLotteryTimes = {
  ...API.lottery.getMyLotteryTimes,
  input: lotteryId,
  result: ZTimesAndCoins,
};
export const myPrize = { ...API.lottery.myPrize, input: lotteryId, result: z.array(ZMyPrizeView) };
export const prizeInfo = { ...API.lottery.prizeInfo, input: z.object({ id }), result: ZMyPrizeView };
export const shareLog = {
  ...API.lottery.shareLog,
  input: lotteryId,
  result: z.object({ granted: z.boolean(), remaining: z.number() }),
};
export const exchangeLotteryTimes = {
  ...API.lottery.exchangeLotteryTimes,
  input: lotteryId,
  result: ZTimesAndCoins,
};
/** `awardsCode` is the win's redeem code, `addressInfo` the shipping address. */
export const receiveAward = {
  ...API.lottery.receiveAward,
  input: z.object({ awardsCode: redeemCode, addressInfo: ZShippingAddress }),
  result: ZMyPrizeView,
};
/** Staff: what a redeem code (typed or scanned) stands for, before writing it off. */
export const checkLottery = {
  ...API.lottery.checkLottery,
  input: z.object({ id: redeemCode, activeId: id }),
  result: ZWinnersPrize,
};
export const writeOffOperation = {
  ...API.lottery.writeOffOperation,
  input: z.object({ code: redeemCode, activeId: id }),
  result: ZMyPrizeView,
};

/** Public figures of a campaign and the winners' marquee (nicknames masked). */
const ZLotteryDataInfo = z.object({
  participants: z.number(),
  draws: z.number(),
  winners: z.array(z.object({ nickname: z.string(), prize: z.string(), at: z.number() })),
});
export type LotteryDataInfo = z.infer<typeof ZLotteryDataInfo>;
export const getLotteryDataInfo = { ...API.lottery.getLotteryDataInfo, input: lotteryId, result: ZLotteryDataInfo };

/** The signed-in user's chance grants in a campaign (why they have the draws they have). */
export const getLotteryTimes = {
  ...API.lottery.getLotteryTimes,
  input: lotteryId,
  result: z.object({ grants: z.array(z.object({ amount: z.number(), reason: z.string(), at: z.number() })), remaining: z.number() }),
};

/** The signed-in user's coin (bean) movements, newest first. */
export const getMyKwbeansWingingLog = {
  ...API.lottery.getMyKwbeansWingingLog,
  input: z.object({}),
  result: z.object({ balance: z.number(), log: z.array(z.object({ delta: z.number(), reason: z.string(), at: z.number() })) }),
};

/** Staff: stock and outcome of every prize of their campaign. */
export const managerDataInfo = {
  ...API.lottery.managerDataInfo,
  input: lotteryId,
  result: ZLotteryDataInfo.extend({
    prizes: z.array(z.object({ prize: ZPrizeView, stockLeft: z.number(), won: z.number(), claimed: z.number(), writtenOff: z.number() })),
  }),
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
  result: z.object({ list: z.array(ZWinnersPrize), total: z.number(), page: z.number(), pageSize: z.number() }),
};
