import { describe, expect, it } from 'vitest';
import type { OutgoingCode } from '../../server/accounts/delivery/types';
import { createDevOutbox, type OutboxEntry, renderOutboxPage } from './dev-outbox';

const sms = (destination: string, code: string): OutgoingCode => ({
  channel: 'sms',
  destination,
  code,
  purpose: 'quick',
  locale: 'en',
  expiresInMinutes: 5,
});

describe('development outbox', () => {
  it('keeps the newest messages first, up to max, and logs each one marked', async () => {
    const lines: string[] = [];
    const outbox = createDevOutbox({ log: (l) => lines.push(l), max: 3 });
    for (let i = 1; i <= 5; i++) await outbox.sms.send(sms(`+861380013800${i}`, `10000${i}`));
    await outbox.email.send({ ...sms('maker@example.com', '424242'), channel: 'email', purpose: 'reset', locale: 'fr' });

    const list = outbox.list();
    expect(list.map((e) => e.code)).toEqual(['424242', '100005', '100004']);
    expect(list[0]).toMatchObject({ channel: 'email', destination: 'maker@example.com', purpose: 'reset' });
    expect(list[0]?.text).toContain('424242');
    expect(list[0]?.text).toContain('réinitialiser');
    expect(list[1]?.text).toBe('[Creality Cloud] Your sign-in code is 100005. It expires in 5 minutes. Never share it.');

    expect(outbox.latest('+8613800138004')?.code).toBe('100004');
    expect(outbox.latest('+8613800138001')).toBeUndefined(); // dropped by the cap
    expect(outbox.latest('nobody@example.com')).toBeUndefined();

    expect(lines).toHaveLength(6);
    for (const line of lines) expect(line).toContain('DEVELOPMENT OUTBOX');
    expect(lines.at(-1)).toContain('424242');
    // list() is a copy: callers cannot change the outbox.
    list.length = 0;
    expect(outbox.list()).toHaveLength(3);
  });

  it('the same destination gives its newest code', async () => {
    const outbox = createDevOutbox({ log: () => {} });
    await outbox.sms.send(sms('+8613800138000', '111111'));
    await outbox.sms.send(sms('+8613800138000', '222222'));
    expect(outbox.latest('+8613800138000')?.code).toBe('222222');
  });

  it('renders an escaped page, newest first', () => {
    const entries: OutboxEntry[] = [
      { at: Date.UTC(2025, 0, 1, 10), channel: 'sms', destination: '+8613800138000', purpose: 'quick', code: '111111', text: '' },
      {
        at: Date.UTC(2025, 0, 1, 11),
        channel: 'email',
        destination: '<script>alert("x")</script>@evil.example',
        purpose: 'register',
        code: '222222',
        text: '',
      },
    ];
    const html = renderOutboxPage(entries);
    expect(html).toContain('<title>Development outbox — not for production</title>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;@evil.example');
    expect(html.indexOf('222222')).toBeLessThan(html.indexOf('111111'));
    expect(html).toContain('2025-01-01T11:00:00.000Z');
    expect(renderOutboxPage([])).toContain('No messages yet.');
  });
});
