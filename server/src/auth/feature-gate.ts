import { ErrorCode, Role, type FeatureKey } from '@pavilion/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../http/errors.ts';
import type { Executor } from '../db/client.ts';
import { userOf } from './guard.ts';
import { reachableExhibition } from './scope.ts';
import { slot } from '../core/slot.ts';

/** The exhibition's feature keys: registered at start-up by the module that keeps versions and features. */
type FeatureKeys = (db: Executor, exhibitionId: string) => Promise<string[]>;
const featureKeys = slot<FeatureKeys>('feature gate: the feature lookup');
export const registerFeatureKeys = featureKeys.fill;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The feature key the exhibition of the call must have (docs/api.md "Versions, features and gating"). */
    feature?: FeatureKey;
    /**
     * Where the exhibition of the call is, when not in the default places (query or body
     * `exhibitionId`, else the exhibitor's own exhibition). May look it up from a record's id.
     */
    featureExhibition?: (request: FastifyRequest) => string | null | undefined | Promise<string | null | undefined>;
  }
}

/** The default: `exhibitionId` of the query, then of the body, then the signed-in exhibitor's exhibition. */
export function exhibitionOfRequest(request: FastifyRequest): string | null {
  const pick = (o: unknown) => (o && typeof o === 'object' && typeof (o as { exhibitionId?: unknown }).exhibitionId === 'string' ? (o as { exhibitionId: string }).exhibitionId : null);
  const p = request.principal;
  return pick(request.query) ?? pick(request.body) ?? (p?.kind === 'user' ? p.exhibitionId : null);
}

/**
 * Server-side feature gating. A route declaring `config.feature` answers 403 with code 4019
 * (FeatureNotEnabled) when the exhibition of the call lacks that key, whatever the web shows.
 * Runs after the permission check and validation: the exhibition must be one the caller reaches
 * (else 404, as everywhere), and the administrator is never gated.
 */
export function installFeatureGate(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const cfg = route.config as { feature?: string; permission?: string } | undefined;
    if (cfg?.feature && !cfg.permission) throw new Error(`Route ${route.method} ${route.url} declares a feature without a permission`);
  });
  app.addHook('preHandler', async (request) => {
    const cfg = request.routeOptions.config;
    if (!cfg.feature) return;
    const me = userOf(request);
    if (me.role === Role.Admin) return;
    const exhibitionId = await (cfg.featureExhibition ?? exhibitionOfRequest)(request);
    if (!exhibitionId) throw fieldError('exhibitionId', 'required');
    const db = request.server.deps.db;
    await reachableExhibition(db, me, exhibitionId);
    if (!(await featureKeys.get()(db, exhibitionId)).includes(cfg.feature)) throw new AppError(ErrorCode.FeatureNotEnabled, { detail: cfg.feature });
  });
}

/** A field of the call's query or body, for `gatedBy`. */
export const requestField = (where: 'query' | 'body', name: string) => (r: FastifyRequest) => (r[where] as Record<string, unknown> | undefined)?.[name];

/**
 * A route's gate on `feature` where the exhibition is the one of the record a field of the call names (`lookup` maps
 * its id to the exhibition; an id it does not know answers as the route's own read would).
 */
export const gatedBy = (feature: FeatureKey) => (lookup: (id: string) => Promise<string | null | undefined>, pick: (r: FastifyRequest) => unknown) => ({
  feature,
  featureExhibition: async (r: FastifyRequest) => {
    const v = pick(r);
    return typeof v === 'string' ? lookup(v) : null;
  },
});

/** The exhibition's feature keys, for a module whose gate is more than one key (topics: `topic`, or `brand` for the brand kind). */
export const exhibitionFeatures = (db: Executor, exhibitionId: string): Promise<string[]> => featureKeys.get()(db, exhibitionId);
