import { z } from 'zod';
import { id } from './envelope.ts';
import { loginRules } from './login-rules.ts';

const t = (max: number) => z.string().trim().min(1).max(max);

export const userName = z.string().trim().min(3).max(50).regex(/^[A-Za-z0-9_.@-]+$/);
export const password = z.string().min(8).max(128);
export const phoneNumber = z.string().trim().regex(loginRules.phoneNumber);
export const email = z.email().max(254);
export const smsCode = z.string().trim().regex(loginRules.smsCode);

export const codePurpose = z.enum(['login', 'register', 'reset', 'bind', 'change']);
export type CodePurpose = z.infer<typeof codePurpose>;

export const userInfo = z.object({
  id,
  userName: z.string(),
  name: z.string().nullable(),
  role: z.number().int(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  /** The password was issued by the host or the platform: set a new one before anything else (absent in older answers). */
  mustChangePassword: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** RFC 6749 §5.1 token response, with the user attached for the login calls. */
export const tokenInfo = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string().optional(),
  scope: z.string(),
  userInfo: userInfo.optional(),
});
export type TokenInfo = z.infer<typeof tokenInfo>;

export const oauthError = z.object({ error: z.string(), error_description: z.string() });
export type OAuthError = z.infer<typeof oauthError>;

/**
 * After LOGIN_FAILURES_BEFORE_CAPTCHA wrong passwords for an account, its next logins need the image
 * captcha (GET /api/v1/verificationcode/image): its key and the code read from the picture.
 */
export const loginBody = z.object({ userName: t(loginRules.userNameMax), password: t(loginRules.passwordMax), captchaKey: id.optional(), captchaCode: t(loginRules.captchaCodeMax).optional() });
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 5;
export const exhibitorLoginBody = loginBody.extend({ exhibitionId: id });
export const exhibitorPhoneLoginBody = z.object({ phoneNumber, code: smsCode, exhibitionId: id });

export const adminLoginResult = z.object({ tokenInfo, userId: id });
export const hostLoginResult = z.object({ tokenInfo, userId: id, id });
export const exhibitorLoginResult = z.object({
  tokenInfo,
  userId: id,
  exhibitorId: id,
  exhibitionId: id,
  companyId: id,
});
export type HostLoginResult = z.infer<typeof hostLoginResult>;
export type ExhibitorLoginResult = z.infer<typeof exhibitorLoginResult>;
export type AdminLoginResult = z.infer<typeof adminLoginResult>;

export const checkUserNameBody = z.object({ userName: t(100) });
export const checkUserNameResult = z.object({ exists: z.boolean() });

export const registerBody = z.object({
  userName,
  password,
  name: t(100).optional(),
  phoneNumber: phoneNumber.optional(),
  code: smsCode.optional(),
});

export const setPasswordBody = z.object({ userId: id, password });
export const changePasswordBody = z.object({ oldPassword: t(128), password });
export const resetPasswordBody = z.object({ account: t(254), code: smsCode, password });
export const updateUserNameBody = z.object({ userName });
export const updateHostPhoneBody = z.object({ hostId: id.optional(), phoneNumber, code: smsCode.optional() });

export const smsSendBody = z.object({ Phone: phoneNumber, purpose: codePurpose.default('login') });
export const smsValidateBody = z.object({ Phone: phoneNumber, code: smsCode, purpose: codePurpose.default('login') });
export const emailCodeQuery = z.object({ email, purpose: codePurpose.default('bind') });
export const resultFlag = z.object({ result: z.boolean() });

export const captchaImage = z.object({ key: id, image: z.string() });
export type CaptchaImage = z.infer<typeof captchaImage>;
export const captchaValidQuery = z.object({ key: id, code: t(16) });

/** Phone and e-mail change and bind (part 1 §7); see docs/api.md for the flow. */
export const ticketResult = z.object({ ticket: z.string() });
export const codeOnlyBody = z.object({ code: smsCode });
export const phoneBody = z.object({ phoneNumber });
export const phoneCodeBody = z.object({ phoneNumber, code: smsCode });
export const phoneApplyBody = z.object({ phoneNumber, code: smsCode, ticket: z.string().min(1) });
export const emailBody = z.object({ email });
export const emailCodeBody = z.object({ email, code: smsCode });
export const emailApplyBody = z.object({ email, code: smsCode, ticket: z.string().min(1) });

/** The principal as the web keeps it after login. */
export const me = z.object({
  user: userInfo,
  role: z.number().int(),
  hostId: id.nullable(),
  exhibitionId: id.nullable(),
  exhibitorId: id.nullable(),
  companyId: id.nullable(),
});
export type Me = z.infer<typeof me>;
