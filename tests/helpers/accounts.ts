import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { CLIENT_HEADERS } from './app';

/** Helpers for accounts tests: calls with the header context, codes from the dev outbox. */
let seq = Math.floor(Math.random() * 9000);
/** A fresh valid Chinese mobile number per call, so tests never share destinations. */
export const newPhone = () => `139${String(Date.now() % 100000).padStart(5, '0')}${String(++seq % 1000).padStart(3, '0')}`;
export const e164 = (local: string) => `+86${local}`;

/** Each test client has its own address (one of 16 million), so per-address limits do not spill between tests. */
const newIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

export function api(app: FastifyInstance, ip = newIp()) {
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, remoteAddress: ip, headers: { ...CLIENT_HEADERS, ...headers }, payload: JSON.stringify(body) });
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, remoteAddress: ip, headers });
  return {
    post,
    get,
    /** The code the dev outbox received last for a destination. */
    async outboxCode(destination: string): Promise<string> {
      const res = await get(`/__dev/outbox.json?destination=${encodeURIComponent(destination)}`);
      const entry = res.json();
      expect(entry, `no code was sent to ${destination}`).not.toBeNull();
      return entry.code as string;
    },
    async outboxCount(): Promise<number> {
      return (await get('/__dev/outbox.json')).json().length;
    },
    /** Signs in by phone and code; returns the session and a cookie header for later calls. */
    async phoneLogin(local: string, headers: Record<string, string> = {}) {
      const sent = await post('/api/cxy/account/v2/sendCode', { account: local, type: 1, purpose: 6, region: 'CN' }, headers);
      expect(sent.json().code, JSON.stringify(sent.json())).toBe(0);
      const code = await this.outboxCode(e164(local));
      const res = await post('/api/cxy/account/v2/quickLogin', { account: local, type: 1, code, region: 'CN' }, headers);
      expect(res.json().code, JSON.stringify(res.json())).toBe(0);
      const session = res.json().result as { token: string; userId: string; isNew: boolean };
      return { session, cookie: `token=${session.token}; userId=${session.userId}`, res };
    },
  };
}
