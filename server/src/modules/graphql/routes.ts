import { ErrorCode } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import mercurius from 'mercurius';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { AppError, localize } from '../../http/errors.ts';
import { errorBodyIn } from '../../http/error-handler.ts';
import { fill, langOf, type Lang } from '../../http/i18n.ts';
import { errorText, graphqlLimitText } from '../../http/messages.ts';
import { enforceLimits, LIMITS } from '../../infra/rate-limit.ts';
import { cachedReply } from '../../http/cached-reply.ts';
import { checkQuery, GRAPHQL_LIMITS } from './limits.ts';
import { createLoaders, createResolvers, type GraphqlContext } from './resolvers.ts';
import { schema } from './schema.ts';

/** The English header variant: `x-lang: en` (or `language: en`), or `Accept-Language: en…`. */
function graphqlLang(request: FastifyRequest): Lang {
  const h = request.headers['x-lang'] ?? request.headers.language;
  const v = Array.isArray(h) ? h[0] : h;
  if (v) return /^en\b/i.test(v.trim()) ? 'en' : 'zh-CN';
  return langOf(request);
}

type FormattedError = { message: string; locations?: unknown; path?: unknown; extensions?: Record<string, unknown> };

const body = z.object({
  // Longer than GRAPHQL_LIMITS.chars answers the GraphQL limit error; this only bounds the body.
  query: z.string().min(1).max(100_000),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().max(200).nullish(),
  /** The spec's optional label of the query; logged. */
  queryName: z.string().max(100).optional(),
});

/**
 * `POST /graphql` on mercurius (Fastify's GraphQL adapter) without its own routes: this route keeps
 * the app's guard (bearer principal, permission), body validation and language. Failures inside a
 * query answer GraphQL errors with our codes in `extensions.code`, never a 500.
 */
/** An AppError as a GraphQL error: the sentence in `lang`, our code (and any field errors) in extensions. */
function graphqlError(err: AppError, lang: Lang, extensions: Record<string, unknown> = {}) {
  const { params, fieldErrors } = localize(err, lang);
  return { message: errorBodyIn(lang, err.code, params).description, extensions: { code: err.code, ...extensions, ...(fieldErrors ? { errors: fieldErrors } : {}) } };
}

export const graphqlRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  await app.register(mercurius, {
    schema,
    resolvers: createResolvers(db) as never,
    routes: false,
    graphiql: false,
    cache: 1024,
    errorFormatter: (execution, context) => {
      const request = (context as { reply?: { request: FastifyRequest } }).reply?.request;
      const lang = (context as Partial<GraphqlContext>).lang ?? 'zh-CN';
      const errors: FormattedError[] = (execution.errors ?? []).map((e) => {
        const original = e.originalError;
        const where = { locations: e.locations, path: e.path };
        if (original instanceof AppError) return { ...graphqlError(original, lang), ...where };
        if (original && !(original instanceof GraphQLError)) {
          request?.log.error({ err: original }, 'graphql resolver failed');
          return { message: errorText[ErrorCode.Internal][lang], ...where, extensions: { code: ErrorCode.Internal } };
        }
        return { message: e.message, ...where };
      });
      return { statusCode: 200, response: { data: execution.data ?? null, errors: errors as never } };
    },
  });

  app.post(
    '/graphql',
    {
      config: { permission: 'graphql.query' },
      schema: {
        summary: 'GraphQL: exhibitors (page, one), categories by hostId. `x-lang: en` or Accept-Language en answers English names. Errors carry our code in extensions.code.',
        tags: ['graphql'],
        querystring: z.object({ queryName: z.string().max(100).optional() }),
        body,
      },
    },
    async (request, reply) => {
      const principal = userOf(request);
      const lang = graphqlLang(request);
      const { query, variables, operationName, queryName } = request.body;
      const label = queryName ?? request.query.queryName;
      if (label) request.log.debug({ queryName: label }, 'graphql query');
      // Per user: one signed-in caller cannot slow every other tenant.
      try {
        await enforceLimits(app.deps.shared, [LIMITS.graphqlPerUser(principal.userId, GRAPHQL_LIMITS.perMinute)]);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        void reply.headers(err.headers ?? {});
        return reply.code(429).send({ data: null, errors: [graphqlError(err, lang)] });
      }
      const breach = checkQuery(app.graphql.schema, query, variables ?? undefined, operationName ?? undefined);
      if (breach) {
        const detail = fill(graphqlLimitText[breach.limit][lang], { max: breach.max });
        return reply.code(400).send({ data: null, errors: [graphqlError(new AppError(ErrorCode.QueryTooComplex, { detail }), lang, breach)] });
      }
      // Queries only read: the answer is kept as the REST reads keep theirs, per reach, body and the GraphQL language.
      try {
        return await cachedReply(
          db,
          request,
          reply,
          () => reply.graphql(query, { principal, lang, loaders: createLoaders(db, principal) } satisfies GraphqlContext as never, variables ?? undefined, operationName ?? undefined),
          lang,
        );
      } catch (err) {
        // Syntax, validation and variable errors: the GraphQL answer shape, 400.
        const e = err as { code?: string; errors?: { message: string; locations?: unknown }[] };
        if (e.code === 'MER_ERR_GQL_VALIDATION' || e.code === 'MER_ERR_GQL_QUERY_DEPTH')
          return reply.code(400).send({ data: null, errors: (e.errors ?? [{ message: 'invalid query' }]).map((x) => ({ message: x.message, locations: x.locations })) });
        throw err;
      }
    },
  );
};
