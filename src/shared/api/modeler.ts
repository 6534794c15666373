import { z } from 'zod';
import { CONTEST_STATES, MAX_IMAGE_BYTES, MAX_IMAGES, REQUEST_MAX } from '../modeler-rules';
import { API } from './all-routes';
import { int, ZStrictId } from './ids';

/**
 * The modeler programme: members post modelling requests (title, description, budget in
 * CNY, up to three reference images sent base64 in the JSON body); admins run design contests
 * whose entries members vote for, once per entry. Field rules: `shared/modeler-rules.ts`.
 */
const ZModelerRequestCard = z.object({
  id: z.number(),
  title: z.string(),
  /** Whole CNY; 0 = open to offers. */
  budget: z.number(),
  createdAt: z.number(),
  /** The first reference image (`/files/…`), or null. */
  imageUrl: z.string().nullable(),
  closed: z.boolean(),
});
export type ModelerRequestCard = z.infer<typeof ZModelerRequestCard>;

const ZModelerRequest = ZModelerRequestCard.extend({
  description: z.string(),
  imageUrls: z.array(z.string()),
  author: z.string(),
  /** The caller wrote it (may close it). */
  mine: z.boolean(),
});
export type ModelerRequest = z.infer<typeof ZModelerRequest>;

const ZContestEntry = z.object({
  id: z.number(),
  title: z.string(),
  designer: z.string(),
  imageUrl: z.string(),
  /** The library model it shows (`/model/<id>`), or null. */
  modelId: z.number().nullable(),
  votes: z.number(),
});
export type ContestEntry = z.infer<typeof ZContestEntry>;

const ZContest = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  startsAt: z.number(),
  endsAt: z.number(),
  voteStartsAt: z.number(),
  voteEndsAt: z.number(),
  state: z.enum(CONTEST_STATES),
  /** Most votes first. */
  entries: z.array(ZContestEntry),
});
export type Contest = z.infer<typeof ZContest>;
const ZVoteCount = z.object({ entryId: z.number(), votes: z.number(), voted: z.boolean() });

const text = (max: number) => z.string().max(max * 2);
/** Base64 of at most MAX_IMAGE_BYTES (padding allowed), decoded and sniffed by the server. */
const ZImage = z
  .string()
  .max(Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 8)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/);

export const requests = {
  ...API.modeler.requests,
  input: z.object({ before: ZStrictId.optional(), limit: int(1, 50).default(20) }),
  result: z.object({ items: z.array(ZModelerRequestCard), more: z.boolean() }),
};

export const request = { ...API.modeler.request, input: z.object({ id: ZStrictId }), result: ZModelerRequest };

export const post = {
  ...API.modeler.post,
  input: z.object({
    title: text(REQUEST_MAX.title),
    description: text(REQUEST_MAX.description),
    budget: z.number().int(),
    images: z.array(ZImage).max(MAX_IMAGES).default([]),
  }),
  result: ZModelerRequest,
};

export const close = { ...API.modeler.close, input: z.object({ id: ZStrictId }), result: ZModelerRequest };

/** A contest by id, or without one the current contest (null when there is none). */
export const contest = {
  ...API.modeler.contest,
  input: z.object({ contestId: ZStrictId.optional() }),
  result: ZContest.nullable(),
};

/** The entries of a contest the caller voted for. */
export const myVotes = {
  ...API.modeler.myVotes,
  input: z.object({ contestId: ZStrictId }),
  result: z.object({ entryIds: z.array(z.number()) }),
};

const ZVote = z.object({ entryId: ZStrictId });
/** The entry's count after the vote (a repeated vote is not counted twice). */
export const vote = { ...API.modeler.vote, input: ZVote, result: ZVoteCount };
export const unvote = { ...API.modeler.unvote, input: ZVote, result: ZVoteCount };

const ZTime = z.number().int().min(0).max(8_640_000_000_000);
const ZTitle = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^\P{Cc}*$/u);
export const ZEntryInput = z
  .object({
    title: ZTitle,
    designer: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .regex(/^\P{Cc}*$/u),
    /** An image URL of this site (`/…`) or https; defaults to the model's cover when modelId is set. */
    imageUrl: z
      .string()
      .trim()
      .max(500)
      .regex(/^(\/(?!\/)|https:\/\/)\S*$/)
      .optional(),
    modelId: ZStrictId.optional(),
  })
  .refine((e) => e.imageUrl !== undefined || e.modelId !== undefined, { path: ['imageUrl'], message: 'imageUrl or modelId' });
export type EntryInput = z.infer<typeof ZEntryInput>;

export const ZContestInput = z
  .object({
    title: ZTitle,
    description: z.string().trim().max(2000).default(''),
    startsAt: ZTime,
    endsAt: ZTime,
    voteStartsAt: ZTime,
    voteEndsAt: ZTime,
    entries: z.array(ZEntryInput).max(50).default([]),
  })
  .refine((c) => c.endsAt > c.startsAt, { path: ['endsAt'], message: 'after startsAt' })
  .refine((c) => c.voteEndsAt > c.voteStartsAt, { path: ['voteEndsAt'], message: 'after voteStartsAt' })
  .refine((c) => c.voteStartsAt >= c.startsAt && c.voteEndsAt <= c.endsAt, { path: ['voteStartsAt'], message: 'within the contest' });
export type ContestInput = z.infer<typeof ZContestInput>;

export const adminCreateContest = { ...API.modeler.adminCreateContest, input: ZContestInput, result: ZContest };
export const adminAddEntry = {
  ...API.modeler.adminAddEntry,
  input: z.intersection(z.object({ contestId: ZStrictId }), ZEntryInput),
  result: ZContest,
};
