import { describe, expect, it } from 'vitest';
import { HEADER, headerContextValues, parseHeaderContext } from './context';

const parse = (headers: Record<string, string | string[]>, cookies: Record<string, string> = {}) =>
  parseHeaderContext({ headers, cookies, fallbackLocale: () => 'en', newRequestId: () => 'fresh-id' });

describe('parseHeaderContext', () => {
  it('reads every value of the header context', () => {
    const { ctx, problems } = parse({
      [HEADER.osVersion]: 'Android 14',
      [HEADER.platform]: '1',
      [HEADER.duid]: '0F8FAD5B-D9CB-469F-A165-70867728950E',
      [HEADER.requestId]: '7C9E6679-7425-40DE-944B-E07FC1F90AE7',
      [HEADER.token]: 'abc.DEF-123_~+/=',
      [HEADER.userId]: 'u_42',
      [HEADER.appChannel]: 'google-play',
      [HEADER.lotteryChannel]: '12',
      [HEADER.languageCode]: '2',
      [HEADER.appId]: 'creality_model',
    });
    expect(problems).toEqual([]);
    expect(ctx).toEqual({
      osVersion: 'Android 14',
      platform: 1,
      duid: '0f8fad5b-d9cb-469f-a165-70867728950e',
      requestId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      token: 'abc.DEF-123_~+/=',
      userId: 'u_42',
      appChannel: 'google-play',
      lotteryChannel: 12,
      locale: 'zh-TW',
      appId: 'creality_model',
    });
  });

  it('uses the documented defaults when nothing is sent', () => {
    const { ctx, problems } = parse({});
    expect(problems).toEqual([]);
    expect(ctx).toEqual({
      osVersion: '',
      platform: 4,
      duid: '',
      requestId: 'fresh-id',
      token: '',
      userId: '',
      appChannel: '',
      lotteryChannel: 1,
      locale: 'en',
      appId: '',
    });
  });

  it('maps the spec language codes (EN 0, ZH 1, TW 2, FR 9)', () => {
    expect(parse({ [HEADER.languageCode]: '0' }).ctx.locale).toBe('en');
    expect(parse({ [HEADER.languageCode]: '1' }).ctx.locale).toBe('zh-CN');
    expect(parse({ [HEADER.languageCode]: '2' }).ctx.locale).toBe('zh-TW');
    expect(parse({ [HEADER.languageCode]: '9' }).ctx.locale).toBe('fr');
  });

  it('prefers the header language, then the cookie, then the fallback', () => {
    expect(parse({ [HEADER.languageCode]: '9' }, { lang: 'zh-CN' }).ctx.locale).toBe('fr');
    expect(parse({}, { lang: 'zh-CN' }).ctx.locale).toBe('zh-CN');
    expect(parse({ [HEADER.languageCode]: '5' }, { lang: 'de' }).ctx.locale).toBe('en');
  });

  it('takes token, user id and channel from cookies when headers are absent', () => {
    const { ctx } = parse({}, { token: 'tk', userId: '7', appChannel: 'web' });
    expect(ctx).toMatchObject({ token: 'tk', userId: '7', appChannel: 'web' });
  });

  it('drops malformed descriptive values to their defaults', () => {
    const { ctx, problems } = parse({
      [HEADER.osVersion]: 'x'.repeat(65),
      [HEADER.platform]: '-4',
      [HEADER.duid]: '1234',
      [HEADER.requestId]: 'abc\r\nInjected: 1',
      [HEADER.token]: 'has space',
      [HEADER.userId]: '<b>',
      [HEADER.appChannel]: 'a;b',
      [HEADER.appId]: '"><svg>',
    });
    expect(problems).toEqual([]);
    expect(ctx).toMatchObject({
      osVersion: '',
      platform: 4,
      duid: '',
      requestId: 'fresh-id',
      token: '',
      userId: '',
      appChannel: '',
      appId: '',
    });
  });

  it('reports a malformed lottery channel as a problem and keeps the default', () => {
    for (const bad of ['x', '0', '-2', '3.5', '1234567']) {
      const { ctx, problems } = parse({ [HEADER.lotteryChannel]: bad });
      expect(problems).toEqual([{ header: HEADER.lotteryChannel, reason: 'malformed' }]);
      expect(ctx.lotteryChannel).toBe(1);
    }
  });

  it('takes the first of repeated headers', () => {
    expect(parse({ [HEADER.platform]: ['2', '3'] }).ctx.platform).toBe(2);
  });
});

describe('headerContextValues', () => {
  it('sends the values the parser reads back', () => {
    const sent = headerContextValues({
      osVersion: 'iOS 18',
      duid: '0f8fad5b-d9cb-469f-a165-70867728950e',
      requestId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      token: 'tok',
      userId: '9',
      appChannel: 'h5',
      locale: 'fr',
    });
    expect(sent[HEADER.platform]).toBe('4');
    expect(sent[HEADER.appId]).toBe('creality_model');
    expect(sent[HEADER.lotteryChannel]).toBe('1');
    const { ctx } = parse(sent);
    expect(ctx).toMatchObject({ osVersion: 'iOS 18', token: 'tok', userId: '9', appChannel: 'h5', locale: 'fr', platform: 4 });
  });

  it('omits identity headers for anonymous visitors', () => {
    const sent = headerContextValues({ osVersion: '', duid: '', requestId: 'r', locale: 'en' });
    expect(sent).not.toHaveProperty(HEADER.token);
    expect(sent).not.toHaveProperty(HEADER.userId);
  });
});
