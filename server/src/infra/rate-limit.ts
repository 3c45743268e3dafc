import { ErrorCode, LOGIN_FAILURES_BEFORE_CAPTCHA } from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';
import type { SharedState } from './kv.ts';

export type Limit = { key: string; limit: number; windowSeconds: number };

/** Counts the hits and refuses with 429 and Retry-After once any of them is over its limit. */
export async function enforceLimits(state: SharedState, limits: Limit[]): Promise<void> {
  for (const l of limits) {
    const r = await state.hit(l.key, l.limit, l.windowSeconds);
    if (!r.allowed)
      throw new AppError(ErrorCode.RateLimited, { seconds: r.retryAfter }, undefined, { 'retry-after': String(r.retryAfter) });
  }
}

export const LIMITS = {
  loginPerIp: (ip: string, limit: number): Limit => ({ key: `login:ip:${ip}`, limit, windowSeconds: 300 }),
  /** Code attempts on one phone or e-mail (code logins, resets, binds). */
  loginPerAccount: (account: string): Limit => ({ key: `login:acct:${account.toLowerCase()}`, limit: 10, windowSeconds: 300 }),
  /** Wrong passwords of one account: over the limit its logins need the captcha, they are never refused. */
  passwordFailures: (userName: string): Limit => ({ key: `login:fail:${userName.trim().toLowerCase()}`, limit: LOGIN_FAILURES_BEFORE_CAPTCHA, windowSeconds: 900 }),
  graphqlPerUser: (userId: string, limit: number): Limit => ({ key: `graphql:user:${userId}`, limit, windowSeconds: 60 }),
  codePerIp: (ip: string, limit: number): Limit => ({ key: `code:ip:${ip}`, limit, windowSeconds: 3600 }),
  codePerTarget: (target: string, resendSeconds: number): Limit => ({ key: `code:target:${target.toLowerCase()}`, limit: 1, windowSeconds: resendSeconds }),
  codePerTargetDaily: (target: string): Limit => ({ key: `code:day:${target.toLowerCase()}`, limit: 10, windowSeconds: 86400 }),
};

export const clientIp = (request: FastifyRequest) => request.ip;
