import { SignJWT, jwtVerify, errors } from 'jose';
import type { Role } from '@pavilion/contract';

export type AccessClaims = { sub: string; sid: string; role: Role; exh?: string } | { sub: string; client: string };

const ISSUER = 'pavilion';

/** How many verified tokens a signer remembers; past that the oldest goes first. */
const VERIFIED_MAX = 10_000;

/**
 * Short-lived HS256 access tokens; whether the session still stands is checked per request.
 *
 * A token that verified is remembered by its text until it expires: jose checks the HMAC through WebCrypto, about
 * 0.1 ms a call, more than the rest of a signed-in request that the caches answer (docs/performance.md). Only a
 * token whose signature held gets in, so nothing can be added by a forger; a logout or revocation acts on the session
 * (auth/guard.ts), never on the token, so remembering the check changes nothing there.
 */
export function createTokenSigner(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  return {
    ttlSeconds,
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .setJti(crypto.randomUUID())
        .sign(key);
    },
    async verify(token: string): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const claims = Object.freeze(payload) as unknown as AccessClaims;
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
          verified.set(token, { claims, expiresAt: payload.exp * 1000 });
        }
        return claims;
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** A short-lived proof that a step of a multi-step flow passed (e.g. the old phone was verified). */
export function createTicketSigner(secret: string) {
  const key = new TextEncoder().encode(`${secret}:ticket`);
  return {
    async sign(subject: string, purpose: string, ttlSeconds = 600): Promise<string> {
      return new SignJWT({ purpose })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(ticket: string, subject: string, purpose: string): Promise<boolean> {
      try {
        const { payload } = await jwtVerify(ticket, key, { algorithms: ['HS256'], subject });
        return payload.purpose === purpose;
      } catch {
        return false;
      }
    },
  };
}
