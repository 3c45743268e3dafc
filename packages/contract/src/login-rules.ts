/**
 * The sign-in forms' field rules. The zod bodies (auth.ts) are built from them, and the login pages, which
 * carry no zod (docs/performance.md "The web"), check the same limits before calling the server.
 */
export const loginRules = {
  userNameMax: 100,
  passwordMax: 128,
  captchaCodeMax: 16,
  phoneNumber: /^\+?[0-9]{5,20}$/,
  smsCode: /^[0-9]{4,8}$/,
} as const;
