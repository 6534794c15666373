import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
// A JSON import: esbuild inlines it into the server bundle, so no file is read at run time.
import pkg from '../../../package.json' with { type: 'json' };
import * as accountsApi from '../../shared/api/accounts';
import * as consoleApi from '../../shared/api/console';
import * as contentAdminApi from '../../shared/api/content-admin';
import * as contentUploadsApi from '../../shared/api/content-uploads';
import { type AnyContract, CONTRACTS, type ContractEntry } from '../../shared/api/contracts';
import * as claimsApi from '../../shared/api/lottery-claims';
import * as mallConsoleApi from '../../shared/api/mall-console';
import * as systemApi from '../../shared/api/system';
import { APP_ID, DEFAULT_LOTTERY_CHANNEL, HEADER, WEB_PLATFORM } from '../../shared/context';
import { messageKeyFor, ResultCode } from '../../shared/errors';
import { codeForLocale, LOCALES } from '../../shared/i18n';
import { message } from './messages';

/**
 * The OpenAPI 3.1 document of the JSON API, generated from the zod contracts (so it cannot drift
 * from what the server validates) and served at {@link OPENAPI_PATH}.
 */
export const OPENAPI_PATH = '/api/openapi.json';

type Json = Record<string, unknown>;

// Routes whose handlers answer something other than the enveloped JSON (see each handler).
/** system/routes.ts: a plain body, load balancers read the HTTP status. */
const PLAIN = new Set<AnyContract>([systemApi.health]);
/** accounts/routes.ts: a 302 to the sign-in provider. */
const REDIRECT = new Set<AnyContract>([accountsApi.oauthStart]);
/** content/import/routes.ts, console/catalogue-routes.ts: the raw body is the file (or a part); the input is read from the query. */
const RAW_BODY = new Set<AnyContract>([contentAdminApi.uploadFile, mallConsoleApi.adminImage, contentUploadsApi.uploadPart]);
/** Streamed CSV files (http/csv.ts). */
const CSV = new Set<AnyContract>([consoleApi.auditExport, claimsApi.shippingExport]);

/** JSON Schema (2020-12, OpenAPI 3.1's dialect) of what a caller sends or receives. */
function jsonSchema(schema: z.ZodType, entry: ContractEntry): Json {
  const { $schema: _, ...out } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      const def = ctx.zodSchema._zod.def;
      // z.custom<T>() checks nothing at run time, so only the TypeScript type knows the shape.
      if (def.type === 'custom')
        ctx.jsonSchema.description = `Shape not described by zod: the TypeScript type given to z.custom<…>() in \`${entry.name}\` of ${entry.file}.`;
      // z.coerce.number().pipe(literals): the input side alone would be "any number"; the
      // literals are what is accepted.
      if (def.type === 'pipe' && def.in._zod.def.type === 'number' && def.out._zod.def.type !== 'transform') {
        for (const k of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[k];
        Object.assign(ctx.jsonSchema, jsonSchema(def.out as z.ZodType, entry));
      }
    },
  });
  return out;
}

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The envelope of every JSON answer. */
const envelope = (result: Json): Json => ({
  type: 'object',
  required: ['code', 'msg', 'result'],
  properties: { code: ref('schemas', 'ResultCode'), msg: { type: 'string', description: 'In the caller language.' }, result },
});

// The header context (src/shared/context.ts). Malformed values fall back to defaults,
// except the lottery channel (code 1). The token is a security scheme, not a parameter.
const header = (name: string, schema: Json, description: string, required = false) => ({
  name,
  in: 'header',
  required,
  schema,
  description,
});
const APP_ID_TEXT = `App id (\`${APP_ID}\` for the web). Required on state-changing calls (CSRF rule): POST calls and the GET calls that change state.`;
const HEADER_PARAMETERS: Record<string, Json> = {
  osVersion: header(HEADER.osVersion, { type: 'string', maxLength: 64 }, 'OS version, e.g. `iOS 17.2`.'),
  platform: header(
    HEADER.platform,
    { type: 'integer', minimum: 0, maximum: 99, default: WEB_PLATFORM },
    `Platform (web: ${WEB_PLATFORM}).`,
  ),
  deviceId: header(HEADER.duid, { type: 'string', format: 'uuid' }, 'Device id kept by the client.'),
  requestId: header(HEADER.requestId, { type: 'string', format: 'uuid' }, 'Request id, echoed in logs; a fresh one when absent.'),
  userId: header(
    HEADER.userId,
    { type: 'string', maxLength: 64 },
    'User id as claimed (or the `userId` cookie); trusted only with the token.',
  ),
  appChannel: header(HEADER.appChannel, { type: 'string', maxLength: 64 }, 'App distribution channel (or the `appChannel` cookie).'),
  lotteryChannel: header(
    HEADER.lotteryChannel,
    { type: 'integer', minimum: 1, maximum: 999_999, default: DEFAULT_LOTTERY_CHANNEL },
    'Selects the raffle campaigns; a malformed value is refused with code 1 (HTTP 400).',
  ),
  language: header(
    HEADER.languageCode,
    { type: 'integer', enum: LOCALES.map(codeForLocale) },
    `Answer language: ${LOCALES.map((l) => `${codeForLocale(l)} ${l}`).join(', ')}; else the \`lang\` cookie, then Accept-Language.`,
  ),
  appId: header(HEADER.appId, { type: 'string' }, APP_ID_TEXT),
  appIdRequired: header(HEADER.appId, { type: 'string', const: APP_ID }, APP_ID_TEXT, true),
};

function resultCodeTable(): string {
  const rows = Object.entries(ResultCode).map(([name, code]) => `| ${code} | ${name} | ${message('en', messageKeyFor(code))} |`);
  return ['| code | name | message (en) |', '|---|---|---|', ...rows].join('\n');
}

/** `/x/:uid` (Fastify) → `/x/{uid}` (OpenAPI), with its path parameters. */
function openApiPath(path: string): { path: string; parameters: Json[] } {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  return {
    path: path.replace(/:(\w+)/g, '{$1}'),
    parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
  };
}

/** A GET input (or an upload's) travels in the query: one parameter per property. */
function queryParameters(input: Json): Json[] {
  if (input.type !== 'object') throw new Error('a query input must be a zod object');
  const required = new Set((input.required as string[] | undefined) ?? []);
  return Object.entries((input.properties as Record<string, Json> | undefined) ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
  }));
}

function operation(entry: ContractEntry, operationId: string, csrfAlways: boolean): { path: string; op: Json } {
  const c = entry.contract;
  const { path, parameters: pathParams } = openApiPath(c.path);
  const input = c.input && jsonSchema(c.input, entry);
  const inQuery = c.method === 'GET' || c.method === 'DELETE' || RAW_BODY.has(c);
  const stateChanging = csrfAlways || !(c.method === 'GET' || c.method === 'DELETE');
  const result = jsonSchema(c.result, entry);

  const op: Json = { tags: [entry.tag], operationId, summary: entry.name, 'x-contract': `${entry.file}#${entry.name}` };
  const headers = PLAIN.has(c)
    ? []
    : Object.keys(HEADER_PARAMETERS)
        .filter((k) => k !== (stateChanging ? 'appId' : 'appIdRequired'))
        .map((k) => ref('parameters', k));
  const parameters = [...pathParams, ...(input && inQuery ? queryParameters(input) : []), ...headers];
  if (parameters.length) op.parameters = parameters;

  if (RAW_BODY.has(c))
    op.requestBody = {
      required: true,
      description: 'The file itself, any Content-Type: the type is read from the bytes.',
      content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
    };
  else if (input && !inQuery) op.requestBody = { required: true, content: { 'application/json': { schema: input } } };

  if (PLAIN.has(c)) {
    const body = { content: { 'application/json': { schema: result } } };
    op.responses = { '200': { description: 'Up.', ...body }, '503': { description: 'The database is down.', ...body } };
  } else if (CSV.has(c)) {
    op.responses = {
      '200': {
        description: 'A CSV file (UTF-8 with a byte order mark, CRLF lines), streamed.',
        content: { 'text/csv': { schema: { type: 'string' } } },
      },
      default: ref('responses', 'Refusal'),
    };
  } else if (REDIRECT.has(c)) {
    op.responses = {
      '302': { description: 'Redirect to the provider.', headers: { Location: { schema: { type: 'string' } } } },
      default: ref('responses', 'Refusal'),
    };
  } else {
    op.responses = {
      '200': {
        description: 'Success (`code` 0). Business refusals also answer HTTP 200, with another code (see Refusal).',
        content: { 'application/json': { schema: envelope(result) } },
      },
      default: ref('responses', 'Refusal'),
    };
  }
  return { path, op };
}

/** `csrfAlways`: `METHOD path` of GET routes that change state (they need the app id header too). */
export function buildOpenApiDocument(csrfAlways: ReadonlySet<string> = new Set()): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const ids = new Set<string>();
  for (const entry of CONTRACTS) {
    const c = entry.contract;
    // Export names may repeat across modules (`list`, `update`…): then prefix the tag.
    const operationId = ids.has(entry.name) ? `${entry.tag}.${entry.name}` : entry.name;
    ids.add(operationId);
    const { path, op } = operation(entry, operationId, csrfAlways.has(`${c.method} ${c.path}`));
    const item = paths[path] ?? {};
    paths[path] = item;
    const method = c.method.toLowerCase();
    if (item[method]) throw new Error(`two contracts for ${c.method} ${c.path}`);
    item[method] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: pkg.name,
      version: pkg.version,
      description: [
        'Generated from the zod contracts of src/shared/api/. Every JSON answer is the envelope `{ code, msg, result }`;',
        '`code` 0 is success. GET inputs are query parameters, POST inputs a JSON body. Calls send the header context',
        '(parameters `__cxy_…_`) and, signed in, the token (header or `token` cookie).',
        '',
        '## Result codes',
        '',
        resultCodeTable(),
      ].join('\n'),
    },
    tags: [...new Set(CONTRACTS.map((e) => e.tag))].map((name) => ({ name })),
    // Optional sign-in: each call checks what it needs (code 4 when a session is required).
    security: [{}, { token: [] }, { tokenCookie: [] }],
    paths,
    components: {
      schemas: {
        ResultCode: { type: 'integer', description: 'Result code: see the table in the document description.' },
      },
      parameters: HEADER_PARAMETERS,
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: HEADER.token, description: 'Session token.' },
        tokenCookie: { type: 'apiKey', in: 'cookie', name: 'token', description: 'Session token cookie set at sign-in.' },
      },
      responses: {
        Refusal: {
          description:
            'A refusal: a non-zero `code`; HTTP 200 for business refusals, the transport status (400, 401, 403, 404, 413, 415, 429, 500, 503…) otherwise.',
          content: {
            'application/json': {
              schema: envelope({
                description:
                  'null, or details: `{ issues: [{ field, message }] }` for code 1, `{ retryAfterSeconds }` for 429, `{ requestId }` for 500.',
              }),
            },
          },
        },
      },
    },
  };
}

/**
 * GET {@link OPENAPI_PATH}: public, built on the first request (every route is registered by
 * then) and kept. Register before the domain routes: the onRoute hook sees the routes after it.
 */
export function registerOpenApi(app: FastifyInstance) {
  const csrfAlways = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.config?.csrf !== 'always') return;
    for (const m of [route.method].flat()) csrfAlways.add(`${m} ${route.url}`);
  });
  let body: string | undefined;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    body ??= JSON.stringify(buildOpenApiDocument(csrfAlways));
    return reply.header('cache-control', 'public, max-age=300').type('application/json; charset=utf-8').send(body);
  });
}
