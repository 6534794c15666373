import { z } from 'zod';
import { API } from './all-routes';

/**
 * WeChat JS-SDK signature for the raffle pages' share inside WeChat: the page sends its
 * own address (`location.href`, URL-encoded in the query) and gets what `wx.config` needs.
 * Refusals: 1 (url missing, not http(s) or not a page of this site), 3121 (no WeChat official
 * account configured for the JS-SDK), 3122 (WeChat did not give a ticket; try again later).
 */
export const getJsapiSignature = {
  ...API.lottery.getJsapiSignature,
  input: z.object({ url: z.string().min(1).max(2048) }),
  result: z.object({
    appId: z.string(),
    /** Seconds since the epoch. */
    timestamp: z.number().int(),
    nonceStr: z.string(),
    /** sha1 hex of jsapi_ticket, noncestr, timestamp and the url without its #fragment. */
    signature: z.string(),
  }),
};

export type JsapiSignature = z.infer<typeof getJsapiSignature.result>;
