import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../helpers/app';
import { appSuite } from '../helpers/suite';
import { ADDRESS, entityCampaign, makeWins } from '../helpers/winners';

const WINNERS = 100_000;

// Live memory, not garbage waiting for the collector: the heap is measured right after a collection.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const liveHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

describe.each(ENGINES)('the shipping list of a large campaign on %s', (engine) => {
  const s = appSuite(engine);

  it(`streams ${WINNERS.toLocaleString('en')} winners over HTTP with bounded memory`, { timeout: 240_000 }, async () => {
    const { campaignId, prizeIds } = await entityCampaign(s.t.db.kysely);
    const users: number[] = [];
    for (let i = 0; i < WINNERS; i += 1_000) {
      const rows = await s.t.db.kysely
        .insertInto('users')
        .values(Array.from({ length: 1_000 }, (_, j) => ({ nickname: `w${i + j}`, created_at: 1, updated_at: 1 })))
        .returning('id')
        .execute();
      users.push(...rows.map((r) => r.id));
    }
    // Long addresses make the list large (hundreds of megabytes of objects if it were held at once).
    const long = 'x'.repeat(180);
    await makeWins(s.t.db.kysely, {
      campaignId,
      prizeId: prizeIds[0] ?? 0,
      userIds: users,
      address: (i) => ({ ...ADDRESS, fullName: `Winner ${i}`, detail: `${i} ${long}`, remark: long, street: long.slice(0, 100) }),
    });
    const admin = await s.rows.user('admin');
    await s.t.app.services.accounts.adminUpdate({ userId: admin, addRoles: [{ role: 'admin', scope: '*' }] });
    const { cookie } = await s.rows.signIn(admin);

    await s.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.t.app.server.address() as AddressInfo;
    const base = liveHeap();
    let peak = base;
    let bytes = 0;
    let lines = 0;
    let chunks = 0;
    let last = '';
    await new Promise<void>((resolve, reject) => {
      const req = http.get(
        { port, host: '127.0.0.1', path: `/api/rest/lottery/admin/winners/export?campaignId=${campaignId}&state=all`, headers: { cookie } },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            const text = last + chunk.toString('utf8');
            const parts = text.split('\r\n');
            last = parts.pop() ?? '';
            lines += parts.length;
            if (++chunks % 200 === 0) peak = Math.max(peak, liveHeap());
          });
          res.on('end', resolve);
          res.on('error', reject);
        },
      );
      req.on('error', reject);
    });
    expect(lines).toBe(WINNERS + 1);
    expect(bytes).toBeGreaterThan(50_000_000);
    expect(chunks).toBeGreaterThan(1_000);
    // The whole list would be well over 100 MB on the heap; a streamed one holds a page at a time.
    expect(peak - base, `live heap grew by ${Math.round((peak - base) / 1e6)} MB for ${Math.round(bytes / 1e6)} MB sent`).toBeLessThan(
      32_000_000,
    );
  });
});
