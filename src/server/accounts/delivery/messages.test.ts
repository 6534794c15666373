import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/i18n';
import { renderMessage } from './messages';
import type { OutgoingCode, PurposeName } from './types';

const PURPOSES: PurposeName[] = ['register', 'reset', 'cancel', 'bind', 'unbind', 'bindVerify', 'quick'];
const CHANNELS = ['sms', 'email'] as const;
const HAN = /\p{Script=Han}/u;

const make = (o: Partial<OutgoingCode>): OutgoingCode => ({
  channel: 'sms',
  destination: '+8613800138000',
  code: '123456',
  purpose: 'quick',
  locale: 'en',
  expiresInMinutes: 5,
  ...o,
});

describe('verification messages', () => {
  for (const locale of LOCALES) {
    for (const purpose of PURPOSES) {
      it.each(CHANNELS)(`${locale} ${purpose} (%s)`, (channel) => {
        const r = renderMessage(make({ locale, purpose, channel, code: '901234', expiresInMinutes: 7 }));
        for (const part of [r.sms, r.text, r.html]) {
          expect(part).toContain('901234');
          expect(part).toMatch(/7 ?(minutes|分钟|分鐘)/);
        }
        expect(r.subject.length).toBeGreaterThan(5);
        expect(r.subject).not.toContain('901234');
        expect(r.html).toMatch(/^<!doctype html>/);
        if (locale.startsWith('zh')) {
          for (const part of [r.sms, r.subject, r.text]) expect(part).toMatch(HAN);
        }
        if (locale === 'fr') {
          const en = renderMessage(make({ locale: 'en', purpose, channel, code: '901234', expiresInMinutes: 7 }));
          expect(r.sms).not.toBe(en.sms);
          expect(r.subject).not.toBe(en.subject);
          expect(r.text).not.toBe(en.text);
        }
      });
    }
  }

  it('says what the code is for', () => {
    expect(renderMessage(make({})).sms).toBe('[Creality Cloud] Your sign-in code is 123456. It expires in 5 minutes. Never share it.');
    expect(renderMessage(make({ purpose: 'reset' })).sms).toContain('to reset your password');
    expect(renderMessage(make({ purpose: 'cancel' })).sms).toContain('to cancel your account');
    expect(renderMessage(make({ purpose: 'bind', channel: 'email' })).text).toContain('email address');
    expect(renderMessage(make({ purpose: 'bind' })).text).toContain('phone number');
    expect(renderMessage(make({ purpose: 'reset', locale: 'zh-CN' })).sms).toContain('重置密码');
    expect(renderMessage(make({ purpose: 'reset', locale: 'zh-TW' })).sms).toContain('重設密碼');
    expect(renderMessage(make({ purpose: 'reset', locale: 'fr' })).sms).toContain('réinitialiser votre mot de passe');
  });

  it('each purpose reads differently', () => {
    for (const locale of LOCALES) {
      const texts = new Set(PURPOSES.map((purpose) => renderMessage(make({ locale, purpose })).sms));
      expect(texts.size).toBe(PURPOSES.length);
    }
  });

  it('one minute is singular', () => {
    expect(renderMessage(make({ expiresInMinutes: 1 })).sms).toContain('in 1 minute.');
    expect(renderMessage(make({ expiresInMinutes: 1, locale: 'fr' })).sms).toContain('dans 1 minute.');
  });

  it('keeps only digits of the code in the HTML', () => {
    const r = renderMessage(make({ channel: 'email', code: '12<b>34' }));
    expect(r.html).not.toContain('<b>');
    expect(r.html).toContain('1234');
  });

  describe('the notice to the owner of an address someone tried to register again', () => {
    for (const locale of LOCALES) {
      it.each(CHANNELS)(`${locale} (%s)`, (channel) => {
        const r = renderMessage(make({ locale, channel, purpose: 'alreadyRegistered', code: '' }));
        for (const part of [r.sms, r.subject, r.text, r.html]) {
          expect(part.length).toBeGreaterThan(10);
          expect(part).not.toMatch(/\d{6}|\{\{|alreadyRegistered\./);
        }
        if (locale.startsWith('zh')) for (const part of [r.sms, r.subject, r.text]) expect(part).toMatch(HAN);
        if (locale !== 'en') {
          const en = renderMessage(make({ locale: 'en', channel, purpose: 'alreadyRegistered', code: '' }));
          expect(r.text).not.toBe(en.text);
        }
      });
    }
  });
});
