import type { Role } from '@pavilion/contract';

/** Who is calling, resolved once per request from the bearer token and the database. */
export type UserPrincipal = {
  kind: 'user';
  userId: string;
  userName: string;
  role: Role;
  sessionId: string;
  /** Hosts this user works for (role 1). */
  hostIds: string[];
  /**
   * Which of those hosts' exhibitions it reaches (role 1): every exhibition of `fullHostIds` (it
   * owns the host or works for all of it), plus `assignedExhibitionIds` (staff limited to some).
   * Read through `server/src/auth/scope.ts` only.
   */
  fullHostIds: string[];
  assignedExhibitionIds: string[];
  /** The exhibition the exhibitor (role 0) or visitor (role 3) signed in to; an exhibitor's exhibitor and company records. */
  exhibitionId: string | null;
  exhibitorId: string | null;
  companyId: string | null;
  /** A visitor's registration (`member` row) for `exhibitionId` (role 3); a blacklisted one resolves to no principal. */
  memberId: string | null;
  /** The password was issued by someone else and not yet changed: the guard lets through only what changing it needs. */
  mustChangePassword: boolean;
};

/** A machine client holding a client_credentials token (the settling flow). */
export type ClientPrincipal = { kind: 'client'; clientId: string };

export type Principal = UserPrincipal | ClientPrincipal;
