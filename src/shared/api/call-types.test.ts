import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CallInput, CallResult } from './call-types';
import { CONTRACTS } from './contracts';
import type { LotteryInfo } from './lottery';
import { withParams } from './routes';
import { OAUTH_API } from './routes-accounts';
import type { LOTTERY_API } from './routes-lottery';
import { PHOTO_SCAN_JOB_API } from './routes-programmes';

describe('a call typed by its route', () => {
  it('takes input and result from the contract of the route', () => {
    expectTypeOf<CallResult<typeof LOTTERY_API.getLotteryInfo>>().toEqualTypeOf<LotteryInfo>();
    expectTypeOf<CallInput<typeof LOTTERY_API.getLotteryInfo>>().toEqualTypeOf<{ lotteryId: unknown }>();
    expectTypeOf<CallInput<typeof OAUTH_API.interaction>>().toEqualTypeOf<undefined>();
    expectTypeOf<CallResult<typeof OAUTH_API.approve>>().toEqualTypeOf<{ redirectTo: string }>();
  });

  it('keeps the route type when the path parameters are filled', () => {
    const route = withParams(PHOTO_SCAN_JOB_API.submit, { id: 7 });
    expectTypeOf(route).toEqualTypeOf<typeof PHOTO_SCAN_JOB_API.submit>();
    expect(route.path).toBe('/api/cxy/v2/photo-scan/jobs/7/submit');
    expect(withParams(OAUTH_API.deny, { uid: 'a/b' }).path).toBe('/api/cxy/oauth2/interaction/a%2Fb/deny');
  });

  it('has one contract per method and path', () => {
    const keys = CONTRACTS.map((c) => `${c.contract.method} ${c.contract.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});
