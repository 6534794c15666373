import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../src/server/http/envelope';
import { createTestApp } from '../helpers/app';

const contract = { method: 'GET', path: '/api/test/answer', result: z.object({ count: z.number() }) } as const;

describe('answers checked against their contracts in tests', () => {
  it('passes an answer of the declared shape and fails one that is not', async () => {
    let answer: unknown = { count: 1 };
    const t = await createTestApp('sqlite', {}, (app) => endpoint(app, contract, () => answer as { count: number }));
    const good = await t.app.inject({ method: 'GET', url: contract.path });
    expect(good.json()).toMatchObject({ code: 0, result: { count: 1 } });

    answer = { count: 'one' };
    const bad = await t.app.inject({ method: 'GET', url: contract.path });
    expect(bad.statusCode).toBe(500);
    await expect(t.close()).rejects.toThrow(/GET \/api\/test\/answer.*count/);
  });
});
