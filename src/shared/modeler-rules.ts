/**
 * The modeler programme's rules (`/modeler/sendRequirement`) without zod, so the request
 * form checks them in the browser with the same limits the server enforces.
 */
import { CONTROL, CONTROL_BUT_BREAKS } from './address-rules';

export const REQUEST_MAX = { title: 80, description: 2000 } as const;
/** Budget in whole CNY; 0 means "open to offers". */
export const BUDGET_MAX = 100_000;
export const MAX_IMAGES = 3;
/** Per image, decoded. Images travel base64 in the JSON body (a third larger). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The request body's limit: three images base64-encoded plus the text. */
export const REQUEST_BODY_LIMIT = Math.ceil((MAX_IMAGES * MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;

export type RequestField = 'title' | 'description' | 'budget' | 'images';
/** Why a field is refused: a key of the `modeler:problem` catalogue. */
export type RequestProblem = 'required' | 'tooLong' | 'control' | 'budget' | 'tooManyImages' | 'imageSize' | 'imageType';

export interface RequestFields {
  title: string;
  description: string;
  budget: number | null;
  /** What is known of each image before upload (the server reads the type from the bytes). */
  images: { size: number; type: string }[];
}

/** The first problem of each field (text trimmed). */
export function requestProblems(f: RequestFields): Partial<Record<RequestField, RequestProblem>> {
  const out: Partial<Record<RequestField, RequestProblem>> = {};
  for (const key of ['title', 'description'] as const) {
    const v = (f[key] ?? '').trim();
    if (v === '') out[key] = 'required';
    else if (v.length > REQUEST_MAX[key]) out[key] = 'tooLong';
    else if ((key === 'title' ? CONTROL : CONTROL_BUT_BREAKS).test(v)) out[key] = 'control';
  }
  const b = f.budget;
  if (b === null) out.budget = 'required';
  else if (!Number.isInteger(b) || b < 0 || b > BUDGET_MAX) out.budget = 'budget';
  if (f.images.length > MAX_IMAGES) out.images = 'tooManyImages';
  else if (f.images.some((i) => i.size > MAX_IMAGE_BYTES)) out.images = 'imageSize';
  else if (f.images.some((i) => !(IMAGE_MIMES as readonly string[]).includes(i.type))) out.images = 'imageType';
  return out;
}

/** The contest's state at `now`: before voting, voting, or closed. */
export const CONTEST_STATES = ['upcoming', 'voting', 'closed'] as const;
export type ContestState = (typeof CONTEST_STATES)[number];
export const contestState = (c: { voteStartsAt: number; voteEndsAt: number }, now: number): ContestState =>
  now < c.voteStartsAt ? 'upcoming' : now < c.voteEndsAt ? 'voting' : 'closed';
