import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { errorBody, oauthError } from '@pavilion/contract';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The OpenAPI document, derived from what every route already declares: its zod schemas, and its
 * `config.permission` / `config.public` for the security scheme and the 4xx answers. One place, so a
 * new module is documented like the others without writing anything. Checked by `npm run lint:openapi`
 * (Redocly's recommended rules, redocly.yaml).
 */

type Json = Record<string, unknown>;
type Operation = Json & { parameters?: Json[]; requestBody?: Json; responses?: Json; security?: Json[] };
type RouteFacts = { guarded: boolean; oauth: boolean; rateLimited: boolean };

const FACTS = 'x-pavilion-route';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** Calls answering RFC 6749 §5.2 errors instead of the envelope (docs/api.md). */
const OAUTH_PATH = /^\/(connect\/token|api\/account\/Bind(Phone|Email)Token)$/i;

/**
 * Calls that count attempts (their handlers or services call `enforceLimits`, server/src/infra/rate-limit.ts):
 * documented with 429. A new caller of enforceLimits adds its path here; the protocol test checks each
 * entry is a route. `/*` matches a prefix.
 */
export const RATE_LIMITED_PATHS = [
  '/connect/token',
  '/api/v1/account/login/*',
  '/api/v3/account/login/*',
  '/api/v1/account/password/old',
  '/api/Account/CheckUserName',
  '/api/Account/Register',
  '/api/account/resetpassword',
  '/api/account/BindPhoneToken',
  '/api/account/BindEmailToken',
  '/api/account/BindEmailApply',
  '/api/account/ChangePhoneOldToken',
  '/api/account/ChangeEmailOldToken',
  '/api/account/ChangePhoneToken',
  '/api/account/ChangeEmailToken',
  '/api/VerCode/sms/send',
  '/api/v1/verificationcode/sms',
  '/api/v1/verificationcode/email',
  '/api/v1/verificationcode/image',
  '/api/v3/hostapply',
  '/api/v3/applyexhibitor',
  '/api/v3/applyexhibitor/form',
  '/api/upload/images',
  '/api/v1/file',
  '/graphql',
  '/api/public/exhibitions/*',
];
const rateLimited = (url: string) =>
  RATE_LIMITED_PATHS.some((p) => (p.endsWith('/*') ? url.toLowerCase().startsWith(p.slice(0, -1).toLowerCase()) : url.toLowerCase() === p.toLowerCase()));

/** The last segment of a path that reads rather than writes, though sent with POST. */
const READ_VERB = /\/(query|page|find|search|list|count|details?|GetByManager|audit-list|user-total|countries)$/i;

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

function errorResponse(description: string, schema: string, headers?: Json): Json {
  return { description, ...(headers ? { headers } : {}), content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } };
}

const components = {
  securitySchemes: {
    bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token of POST /connect/token or a login call.' },
    clientBasic: { type: 'http', scheme: 'basic', description: 'OAuth client credentials (RFC 6749 §2.3.1); they may also be sent as client_id and client_secret form fields.' },
  },
  schemas: {
    ErrorBody: z.toJSONSchema(errorBody, { target: 'openapi-3.0' }),
    OAuthError: z.toJSONSchema(oauthError.extend({ code: z.number().int(), description: z.string() }), { target: 'openapi-3.0' }),
  },
  responses: {
    BadRequest: errorResponse('Bad input: `field` and `errors` name the fields (code 4000 and the other 400 codes of docs/api.md).', 'ErrorBody'),
    Unauthorized: errorResponse('Not signed in, or the token expired or was revoked (code 4001).', 'ErrorBody', {
      'WWW-Authenticate': { description: 'Bearer realm="pavilion", with error="invalid_token" when a token was refused (RFC 6750 §3).', schema: { type: 'string' } },
    }),
    Forbidden: errorResponse('The role, the client token or the exhibition version may not call this (codes 4003, 4005, 4018, 4019, 4030).', 'ErrorBody'),
    NotFound: errorResponse("No such record, or another tenant's (code 4004).", 'ErrorBody'),
    Conflict: errorResponse('A conflict with stored data: a name or number taken, children left, an audit already decided (409 codes of docs/api.md).', 'ErrorBody'),
    TooManyRequests: errorResponse('Too many attempts (code 4029).', 'ErrorBody', {
      'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } },
    }),
    OAuthBadRequest: errorResponse('RFC 6749 §5.2 error; error_description is ASCII English, description in the caller language.', 'OAuthError'),
    OAuthUnauthorized: errorResponse('invalid_client after Basic authentication (RFC 6749 §5.2).', 'OAuthError', {
      'WWW-Authenticate': { description: 'Basic realm="pavilion"', schema: { type: 'string' } },
    }),
    Error: errorResponse('Any other error, in the envelope (413 or 415 for uploads refused, 500 never with internals).', 'ErrorBody'),
  },
};

/** `POST /api/v1/account/login/host` → `postV1AccountLoginHost`; `/config/{file}` → `getConfigByFile`. Stable: method and path only. */
export function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((s) => s && s.toLowerCase() !== 'api')
    .flatMap((s) => (/^\{.+\}$/.test(s) ? ['by', s.slice(1, -1)] : s.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

const IDENTIFIER = /^(ids?|.*Ids?)$/;

/** Whether the operation names a record (a path parameter, an id in the query, or in the body of a guarded route). */
const namesRecord = (op: Operation, guarded: boolean) =>
  (op.parameters ?? []).some((p) => p.in === 'path' || IDENTIFIER.test(String(p.name))) ||
  (guarded &&
    Object.values((op.requestBody?.content ?? {}) as Record<string, { schema?: { properties?: Json } }>).some((c) =>
      Object.keys(c.schema?.properties ?? {}).some((k) => IDENTIFIER.test(k)),
    ));

/** The 4xx answers an operation can give, from what the shared machinery does for such a route. */
function errorResponses(method: string, path: string, op: Operation, facts: RouteFacts): Json {
  const input = Boolean(op.parameters?.length || op.requestBody);
  const responses: Json = {};
  if (facts.oauth) {
    responses['400'] = ref('OAuthBadRequest');
    if (/^\/connect\/token$/i.test(path)) responses['401'] = ref('OAuthUnauthorized');
  } else if (input) responses['400'] = ref('BadRequest');
  if (facts.guarded) {
    responses['401'] = ref('Unauthorized');
    responses['403'] = ref('Forbidden');
  }
  if (!facts.oauth && namesRecord(op, facts.guarded)) responses['404'] = ref('NotFound');
  if (method !== 'get' && !facts.oauth && !READ_VERB.test(path) && !/\/(login|VerCode|verificationcode)\b/i.test(path)) responses['409'] = ref('Conflict');
  if (facts.rateLimited) responses['429'] = ref('TooManyRequests');
  responses.default = ref('Error');
  return responses;
}

/** Per route: the security scheme from its config, and the facts the document pass below needs. */
const documentRoute: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (input) => {
  const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = out.schema as Json | undefined;
  if (!schema || schema.hide) return out;
  const cfg = (input.route.config ?? {}) as { permission?: string; public?: boolean };
  const oauth = OAUTH_PATH.test(input.url);
  const guarded = !cfg.public && Boolean(cfg.permission);
  schema.security = guarded ? [{ bearer: [] }] : /^\/connect\/token$/i.test(input.url) ? [{ clientBasic: [] }, {}] : [];
  schema[FACTS] = { guarded, oauth, rateLimited: rateLimited(input.url) } satisfies RouteFacts;
  return out;
};

/** Walks every schema object of the document. */
function walk(node: unknown, visit: (schema: Json) => void) {
  if (Array.isArray(node)) for (const item of node) walk(item, visit);
  else if (node && typeof node === 'object') {
    visit(node as Json);
    for (const value of Object.values(node)) walk(value, visit);
  }
}

/**
 * OpenAPI 3.0 spellings zod's JSON Schema does not use: `nullable` needs a `type` (taken from the
 * alternatives when they agree; an unknown value is already nullable); a record keyed by an enum lists
 * its keys as properties; a lone `allOf` is its member.
 */
function normaliseSchema(s: Json) {
  if (s.nullable === true && s.type === undefined) {
    const members = (s.anyOf ?? s.oneOf) as Json[] | undefined;
    const types = new Set(members?.map((m) => m.type));
    if (members && types.size === 1 && typeof members[0]!.type === 'string') s.type = members[0]!.type;
    else if (members?.every((m) => typeof m.type === 'string')) {
      for (const m of members) m.nullable = true;
      delete s.nullable;
    }
    else if (!members && !s.allOf && s.$ref === undefined) delete s.nullable;
  }
  if (Array.isArray(s.required) && s.additionalProperties && typeof s.additionalProperties === 'object') {
    const properties = ((s.properties ??= {}) as Json);
    for (const key of s.required as string[]) properties[key] ??= s.additionalProperties;
  }
  if (Array.isArray(s.allOf) && s.allOf.length === 1 && Object.keys(s).length === 1) {
    const [only] = s.allOf as Json[];
    delete s.allOf;
    Object.assign(s, only);
  }
}

const registered = createJsonSchemaTransformObject({ zodToJsonConfig: { target: 'openapi-3.0' } });

/** Named schemas OpenAPI 3.0 cannot spell as zod renders them: z.json() is a union with null, recursive. */
const spelledByHand: Record<string, Json> = {
  JsonValue: { description: 'Any JSON value: object, array, string, number, boolean or null.' },
};

/** The whole document: operation ids, 4xx answers, 3.0 spellings, and no unused component. */
const documentAll: NonNullable<FastifyDynamicSwaggerOptions['transformObject']> = (input) => {
  const doc = registered(input as Parameters<typeof registered>[0]) as Json & { paths: Record<string, Record<string, Operation>>; components: Json & { schemas: Json } };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const facts = op[FACTS] as RouteFacts | undefined;
      delete op[FACTS];
      op.operationId = operationId(method, path);
      if (facts) op.responses = { ...op.responses, ...errorResponses(method, path, op, facts) };
    }
  }
  for (const [name, schema] of Object.entries(spelledByHand))
    for (const key of [name, `${name}Input`]) if (doc.components.schemas[key]) doc.components.schemas[key] = schema;
  walk(doc, normaliseSchema);
  // zod registers each named schema as input and output; keep the ones something refers to.
  const used = new Set<string>();
  const text = JSON.stringify(doc.paths) + JSON.stringify(doc.components.responses ?? {});
  for (const m of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) used.add(m[1]!);
  for (let grew = true; grew; ) {
    grew = false;
    for (const name of [...used]) {
      for (const m of JSON.stringify(doc.components.schemas[name] ?? {}).matchAll(/"#\/components\/schemas\/([^"]+)"/g))
        if (!used.has(m[1]!)) {
          used.add(m[1]!);
          grew = true;
        }
    }
  }
  for (const name of Object.keys(doc.components.schemas)) if (!used.has(name)) delete doc.components.schemas[name];
  return doc;
};

export const swaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.0.3',
    info: { title: 'Pavilion API', version: '1.0.0', description: 'Conventions: see docs/api.md' },
    servers: [{ url: '/', description: 'The server that serves this document' }],
    components: components as never,
  },
  transform: documentRoute,
  transformObject: documentAll,
};
