import { ErrorCode, Role, roleHas, type PermissionKey, normaliseRole } from '@pavilion/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthenticated } from '../http/errors.ts';
import type { Principal, UserPrincipal } from './principal.ts';
import { installFeatureGate } from './feature-gate.ts';
import { createPrincipalCache, type PrincipalCache } from './principal-cache.ts';
import type { Deps } from '../deps.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission key the route needs; omit only with `public: true`. */
    permission?: PermissionKey;
    public?: boolean;
    /** Machine clients (client_credentials tokens) may call this route too. */
    clients?: boolean;
    /**
     * A user whose password was issued by someone else (a host creating an exhibitor's login, an
     * administrator setting a password) may call this route before setting its own: every other
     * guarded route answers 403 with PasswordChangeRequired (4038).
     */
    beforePasswordChange?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const API_PREFIXES = ['/api', '/connect', '/graphql', '/config'];
const UNGUARDED = ['/api/docs'];

type Row = {
  id: string;
  user_name: string;
  role: number;
  is_disabled: boolean;
  must_change_password: boolean;
  revoked_at: string | null;
  host_ids: string[] | null;
  full_host_ids: string[] | null;
  assigned_exhibition_ids: string[] | null;
  exhibitor_id: string | null;
  company_id: string | null;
  exhibition_id: string | null;
  member_id: string | null;
  member_blacklisted: boolean | null;
};

const caches = new WeakMap<Deps, PrincipalCache | null>();
const cacheOf = (deps: Deps) => {
  let cache = caches.get(deps);
  if (cache === undefined) caches.set(deps, (cache = createPrincipalCache(deps.shared, deps.config.principalCacheSeconds)));
  return cache;
};

/**
 * Resolves the bearer token to a principal: one query that also sees revocations and removed
 * memberships, remembered briefly per session until a change stamps its user (auth/principal-cache.ts).
 */
export async function resolvePrincipal(app: FastifyInstance, request: FastifyRequest): Promise<Principal | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const claims = await app.deps.tokens.verify(header.slice(7).trim());
  if (!claims) return null;
  if ('client' in claims) return { kind: 'client', clientId: claims.client };
  const cache = cacheOf(app.deps);
  if (!cache) return queryPrincipal(app, claims.sub, claims.sid);
  const stamps = await cache.stamps(claims.sub);
  const cached = cache.get(claims.sid, claims.sub, stamps);
  if (cached) return cached;
  const principal = await queryPrincipal(app, claims.sub, claims.sid);
  return principal ? cache.set(principal, stamps) : null;
}

async function queryPrincipal(app: FastifyInstance, userId: string, sessionId: string): Promise<UserPrincipal | null> {
  const claims = { sub: userId, sid: sessionId };
  const result = await app.deps.db.execute(sql`
    select u.id, u.user_name, u.role, u.is_disabled, u.must_change_password, s.revoked_at, s.exhibition_id,
      (select array_agg(hu.host_id) from host_in_user hu join host h on h.id = hu.host_id
        where hu.user_id = u.id and h.deleted_at is null) as host_ids,
      (select array_agg(hu.host_id) from host_in_user hu join host h on h.id = hu.host_id
        where hu.user_id = u.id and h.deleted_at is null and (hu.all_exhibitions or h.owner_user_id = u.id)) as full_host_ids,
      (select array_agg(hue.exhibition_id) from host_in_user hu
        join host h on h.id = hu.host_id and h.deleted_at is null
        join host_in_user_exhibition hue on hue.host_in_user_id = hu.id
        join exhibition e on e.id = hue.exhibition_id and e.host_id = hu.host_id and e.deleted_at is null
        where hu.user_id = u.id and not hu.all_exhibitions and h.owner_user_id is distinct from u.id) as assigned_exhibition_ids,
      ex.id as exhibitor_id, ex.company_id, m.id as member_id, m.blacklisted as member_blacklisted
    from user_account u
    join auth_session s on s.id = ${claims.sid} and s.user_id = u.id
    left join lateral (
      select e.id, e.company_id from exhibitor e
      join company_user cu on cu.company_id = e.company_id and cu.user_id = u.id
      join company c on c.id = e.company_id and c.deleted_at is null
      where e.exhibition_id = s.exhibition_id and e.deleted_at is null limit 1
    ) ex on true
    left join member m on u.role = 3 and m.user_id = u.id and m.exhibition_id = s.exhibition_id
    where u.id = ${claims.sub}`);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  if (!row || row.is_disabled || row.revoked_at) return null;
  // A visitor is resolved explicitly (normaliseRole reads any unknown role as exhibitor); without its
  // registration, or blacklisted, its token no longer stands.
  const role = row.role === Role.Visitor ? Role.Visitor : normaliseRole(row.role);
  if (role === Role.Visitor && (!row.member_id || row.member_blacklisted)) return null;
  return {
    kind: 'user',
    userId: row.id,
    userName: row.user_name,
    role,
    sessionId: claims.sid,
    hostIds: role === 1 ? (row.host_ids ?? []) : [],
    fullHostIds: role === 1 ? (row.full_host_ids ?? []) : [],
    assignedExhibitionIds: role === 1 ? (row.assigned_exhibition_ids ?? []) : [],
    exhibitionId: role === 0 || role === Role.Visitor ? row.exhibition_id : null,
    exhibitorId: role === 0 ? row.exhibitor_id : null,
    companyId: role === 0 ? row.company_id : null,
    memberId: role === Role.Visitor ? row.member_id : null,
    mustChangePassword: row.must_change_password,
  };
}

/**
 * Every API route must say who may call it; the check runs before validation so an anonymous
 * caller learns nothing about the payload.
 */
export function installGuard(app: FastifyInstance) {
  app.decorateRequest('principal', null);
  app.addHook('onRoute', (route) => {
    const cfg = route.config as { permission?: string; public?: boolean } | undefined;
    if (API_PREFIXES.some((p) => route.url.startsWith(p)) && !UNGUARDED.some((p) => route.url.startsWith(p)) && !cfg?.public && !cfg?.permission)
      throw new Error(`Route ${route.method} ${route.url} declares neither a permission nor public: true`);
  });
  app.addHook('preValidation', async (request) => {
    const cfg = request.routeOptions.config;
    if (cfg.public) {
      request.principal = await resolvePrincipal(app, request).catch(() => null);
      return;
    }
    if (!cfg.permission) return;
    const principal = await resolvePrincipal(app, request);
    if (!principal) throw unauthenticated();
    request.principal = principal;
    if (principal.kind === 'client') {
      if (!cfg.clients) throw forbidden();
      return;
    }
    if (!roleHas(principal.role, cfg.permission)) throw forbidden();
    if (principal.mustChangePassword && !cfg.beforePasswordChange) throw new AppError(ErrorCode.PasswordChangeRequired);
  });
  installFeatureGate(app);
}

/** The signed-in user of a route that requires one. */
export function userOf(request: FastifyRequest) {
  const p = request.principal;
  if (!p || p.kind !== 'user') throw unauthenticated();
  return p;
}
