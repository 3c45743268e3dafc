import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { ErrorCode, type CodePurpose } from '@pavilion/contract';
import svgCaptcha from 'svg-captcha';
import type { Deps } from '../../deps.ts';
import type { Executor } from '../../db/client.ts';
import { sha256 } from '../../auth/password.ts';
import { AppError } from '../../http/errors.ts';
import { enforceLimits, LIMITS } from '../../infra/rate-limit.ts';
import type { Lang } from '../../http/i18n.ts';
import { verificationCode } from './tables.ts';

export type Channel = 'sms' | 'email' | 'captcha';

const CODE_TTL_SECONDS = 300;
const CAPTCHA_TTL_SECONDS = 300;
const MAX_ATTEMPTS = 5;

const normaliseTarget = (channel: Channel, target: string) => (channel === 'email' ? target.trim().toLowerCase() : target.trim());
/** Codes are hashed with their target, so a leaked table row cannot be replayed elsewhere. */
const codeHash = (target: string, code: string) => sha256(`${target}:${code.trim().toLowerCase()}`);

const smsText = {
  'zh-CN': (code: string) => `【Pavilion】您的验证码是 ${code}，5 分钟内有效。请勿泄露给他人。`,
  en: (code: string) => `[Pavilion] Your verification code is ${code}. It expires in 5 minutes.`,
};
const emailSubject = { 'zh-CN': 'Pavilion 验证码', en: 'Your Pavilion verification code' };

/** Issues a fresh code (replacing older ones for the same target and purpose) and sends it. */
export async function sendCode(
  db: Executor,
  deps: Deps,
  args: { channel: 'sms' | 'email'; purpose: CodePurpose; target: string; ip: string; lang: Lang },
): Promise<boolean> {
  const target = normaliseTarget(args.channel, args.target);
  await enforceLimits(deps.shared, [
    LIMITS.codePerIp(args.ip, deps.config.rateLimits.codesPerIp),
    LIMITS.codePerTarget(`${args.channel}:${target}`, deps.config.rateLimits.codeResendSeconds),
    LIMITS.codePerTargetDaily(`${args.channel}:${target}`),
  ]);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return db.transaction(async (tx) => {
    await tx
      .update(verificationCode)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(verificationCode.channel, args.channel),
          eq(verificationCode.purpose, args.purpose),
          eq(verificationCode.target, target),
          isNull(verificationCode.consumedAt),
        ),
      );
    await tx.insert(verificationCode).values({
      channel: args.channel,
      purpose: args.purpose,
      target,
      codeHash: codeHash(target, code),
      expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
    });
    return deps.messenger.send(tx, {
      channel: args.channel,
      recipient: target,
      ...(args.channel === 'email' ? { subject: emailSubject[args.lang] } : {}),
      body: smsText[args.lang](code),
    });
  });
}

/**
 * Checks a code; a right one is used up (`consume`), a wrong one counts an attempt and the code
 * dies after five. Answers false rather than throwing, for the spec's "result as-is" calls.
 */
export async function checkCode(
  db: Executor,
  args: { channel: Channel; purpose: string; target: string; code: string; consume?: boolean },
): Promise<boolean> {
  const target = normaliseTarget(args.channel, args.target);
  const [row] = await db
    .select()
    .from(verificationCode)
    .where(
      and(
        eq(verificationCode.channel, args.channel),
        eq(verificationCode.purpose, args.purpose),
        eq(verificationCode.target, target),
        isNull(verificationCode.consumedAt),
        gt(verificationCode.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(verificationCode.createdAt))
    .limit(1);
  if (!row || row.attempts >= MAX_ATTEMPTS) return false;
  if (row.codeHash !== codeHash(target, args.code)) {
    await db
      .update(verificationCode)
      .set({ attempts: sql`${verificationCode.attempts} + 1` })
      .where(eq(verificationCode.id, row.id));
    return false;
  }
  if (args.consume !== false) {
    const used = await db
      .update(verificationCode)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCode.id, row.id), isNull(verificationCode.consumedAt)))
      .returning({ id: verificationCode.id });
    return used.length === 1;
  }
  return true;
}

/** As checkCode, but a wrong code is an error (for flows that go on only with a right one). */
export async function requireCode(db: Executor, args: Parameters<typeof checkCode>[1]) {
  if (!(await checkCode(db, args))) throw new AppError(args.channel === 'captcha' ? ErrorCode.CaptchaInvalid : ErrorCode.CodeInvalid);
}

export async function createCaptcha(db: Executor, deps: Deps, ip: string) {
  await enforceLimits(deps.shared, [{ key: `captcha:ip:${ip}`, limit: 60, windowSeconds: 60 }]);
  const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f5f7fa' });
  const key = crypto.randomUUID();
  await db.insert(verificationCode).values({
    channel: 'captcha',
    purpose: 'image',
    target: key,
    codeHash: codeHash(key, captcha.text),
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000),
  });
  return { key, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`, text: captcha.text };
}
