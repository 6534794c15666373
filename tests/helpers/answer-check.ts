import type { FastifyInstance } from 'fastify';

/** An answer that did not match its contract's result schema. */
export interface AnswerMismatch {
  route: string;
  issues: { path: string; message: string }[];
}

/**
 * Checks every successful envelope answer against the result schema of its endpoint's contract
 * (endpoint() puts the contract in the route's config): a mismatch turns the answer into a 500
 * the test sees, and is kept for `mismatches`. Tests only: production answers are not re-checked.
 */
export function checkAnswers(app: FastifyInstance, mismatches: AnswerMismatch[]): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const contract = request.routeOptions.config.contract;
    if (!contract || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const body = JSON.parse(payload) as { code?: unknown; result?: unknown };
    if (body.code !== 0) return payload;
    const parsed = contract.result.safeParse(body.result);
    if (parsed.success) return payload;
    const mismatch = {
      route: `${request.method} ${request.routeOptions.url}`,
      issues: parsed.error.issues.slice(0, 5).map((i) => ({ path: i.path.join('.'), message: i.message })),
    };
    mismatches.push(mismatch);
    throw new Error(`answer does not match its contract: ${JSON.stringify(mismatch)}`);
  });
}
