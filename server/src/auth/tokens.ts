import { SignJWT, jwtVerify, errors } from 'jose';
import type { Role } from '@pavilion/contract';

export type AccessClaims = { sub: string; sid: string; role: Role; exh?: string } | { sub: string; client: string };

const ISSUER = 'pavilion';

/** Short-lived HS256 access tokens; whether the session still stands is checked per request. */
export function createTokenSigner(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        return payload as unknown as AccessClaims;
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
