import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Envelope, FieldIssue } from '../../shared/api/envelope';
import { ResultCode } from '../../shared/errors';
import { AppError } from './app-error';
import { message } from './messages';

export function ok<T>(request: FastifyRequest, result: T): Envelope<T> {
  return { code: ResultCode.success, msg: message(request.ctx.locale, 'success'), result };
}

/** Validates input with the endpoint's zod schema; failure is result code 1 naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issues: FieldIssue[] = parsed.error.issues.slice(0, 10).map((i) => ({
    field: i.path.join('.') || '(body)',
    message: i.message,
  }));
  // A contract may name the catalogue message that says what is wrong better than "Parameter
  // error: <field>" (a redeem code's format): `messageKey` of the first issue, as its message.
  const keyed = MESSAGE_KEY.exec(issues[0]?.message ?? '')?.[1];
  throw new AppError(ResultCode.parameter, {
    messageKey: keyed ?? 'parameterNamed',
    params: { field: issues[0]?.field ?? '' },
    result: { issues },
  });
}

/** An issue message that is a key of the `errors` catalogue: `errors:<key>`. */
const MESSAGE_KEY = /^errors:(\w+)$/;

interface Contract<I extends z.ZodType | undefined, R extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  input?: I;
  result: R;
}

type Input<I> = I extends z.ZodType ? z.infer<I> : undefined;

/**
 * Registers one endpoint from its shared contract: validates the query (GET) or JSON body
 * against `input`, runs the handler and answers the envelope. Domains add their routes with it.
 */
export function endpoint<I extends z.ZodType | undefined, R extends z.ZodType>(
  app: FastifyInstance,
  contract: Contract<I, R>,
  handler: (input: Input<I>, request: FastifyRequest, reply: FastifyReply) => Promise<z.infer<R>> | z.infer<R>,
  options: {
    rateLimit?: { max: number; timeWindow: number | string };
    csrf?: boolean | 'always';
    bodyLimit?: number;
    /** false for answers always under the compression threshold (a draw's): the check is then skipped too. */
    compress?: false;
  } = {},
) {
  const bodyless = contract.method === 'GET' || contract.method === 'DELETE';
  app.route({
    method: contract.method,
    url: contract.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    // A call without a body has nothing to decompress (the plugin's hook would look on every call).
    ...(bodyless ? { decompress: false } : {}),
    ...(options.compress === false ? { compress: false } : {}),
    config: { csrf: options.csrf ?? true, envelope: true, contract, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
    handler: async (request, reply) => {
      const raw = bodyless ? request.query : request.body;
      const input = (contract.input ? parseInput(contract.input, raw) : undefined) as Input<I>;
      return ok(request, await handler(input, request, reply));
    },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A JSON envelope endpoint (endpoint()): it gets the API's security headers (http/security.ts). */
    envelope?: boolean;
    /**
     * false for the few endpoints other sites may call (analytics beacons); 'always' for GET calls
     * that change state (the draw and the exchange); default true (unsafe methods only).
     */
    csrf?: boolean | 'always';
    /** The endpoint's contract (endpoint()): tests check each answer against its result schema. */
    contract?: { result: z.ZodType };
  }
}
