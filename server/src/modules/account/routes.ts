import { z } from 'zod';
import {
  adminLoginResult,
  changePasswordBody,
  checkUserNameBody,
  checkUserNameResult,
  exhibitorLoginBody,
  exhibitorLoginResult,
  exhibitorPhoneLoginBody,
  hostLoginResult,
  loginBody,
  me,
  ok as okSchema,
  registerBody,
  resetPasswordBody,
  setPasswordBody,
  tokenInfo,
  updateUserNameBody,
  userInfo,
  cacheBuster,
} from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../auth/guard.ts';
import { OAuthError } from '../../http/errors.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { enforceLimits, LIMITS } from '../../infra/rate-limit.ts';
import { checkPassword, findUserById, findUserByName, loginAdmin, loginExhibitor, loginExhibitorByPhone, loginHost, register, changeOwnPassword, resetPassword, setPassword, updateUserName } from './service.ts';
import { authenticateClient, refreshSession, revokeSession, startSession, SCOPE, toUserInfo } from './sessions.ts';
import { AppError } from '../../http/errors.ts';
import { ErrorCode, Role } from '@pavilion/contract';
import { checkText } from '../../sensitive/check.ts';
import { cachedReply } from '../../http/cached-reply.ts';

const tokenRequest = z.object({
  grant_type: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
  exhibitionId: z.string().optional(),
  /** The image captcha, once the account has had too many wrong passwords (see checkPassword). */
  captchaKey: z.string().optional(),
  captchaCode: z.string().optional(),
});

/**
 * Client credentials of an `Authorization: Basic` header (RFC 6749 §2.3.1: form-urlencoded id and
 * secret); null without one. A header that does not decode is the caller's mistake: 400.
 */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  if (!header || !/^basic\s/i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  try {
    const id = decodeURIComponent((colon < 0 ? decoded : decoded.slice(0, colon)).replaceAll('+', ' '));
    const secret = colon < 0 ? '' : decodeURIComponent(decoded.slice(colon + 1).replaceAll('+', ' '));
    return { id, secret };
  } catch {
    throw new OAuthError('invalid_request', 'basicMalformed');
  }
}

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const db = deps.db;

  app.post(
    '/connect/token',
    {
      config: { public: true },
      attachValidation: true,
      schema: {
        summary: 'OAuth 2.0 token endpoint (password, refresh_token, client_credentials grants)',
        tags: ['auth'],
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: tokenRequest,
        response: { 200: tokenInfo },
        description: 'Errors answer in the RFC 6749 §5.2 shape {error, error_description}.',
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      if (request.validationError) throw new OAuthError('invalid_request', 'notForm');
      const body = request.body;
      const basic = basicCredentials(request.headers.authorization);
      const clientId = basic ? basic.id : body.client_id;
      const clientSecret = basic ? basic.secret : body.client_secret;
      if (!body.grant_type) throw new OAuthError('invalid_request', 'grantTypeRequired');
      if (!['password', 'refresh_token', 'client_credentials'].includes(body.grant_type))
        throw new OAuthError('unsupported_grant_type', 'grantTypeUnsupported', { grant: body.grant_type });
      const client = await authenticateClient(db, clientId, clientSecret).catch((err: unknown) => {
        // RFC 6749 §5.2: a client that authenticated with Basic and failed gets 401 and a Basic challenge.
        if (basic && err instanceof OAuthError && err.error === 'invalid_client')
          throw new OAuthError(err.error, err.description, err.params, 401, { 'www-authenticate': 'Basic realm="pavilion"' });
        throw err;
      });
      if (!client.grantTypes.includes(body.grant_type))
        throw new OAuthError('unauthorized_client', 'grantTypeNotAllowed', { grant: body.grant_type });
      switch (body.grant_type) {
        case 'password': {
          if (!body.username || !body.password) throw new OAuthError('invalid_request', 'credentialsRequired');
          try {
            const user = await checkPassword(db, deps, { userName: body.username, password: body.password, captchaKey: body.captchaKey, captchaCode: body.captchaCode }, request.ip);
            // Visitors sign in on the public site only, bound to an exhibition (modules/member).
            if (user.role === Role.Visitor) throw new AppError(ErrorCode.WrongLoginIdentity);
            return await startSession(db, deps, user, client.id, null);
          } catch (err) {
            if (err instanceof AppError && err.code === ErrorCode.RateLimited) throw err;
            if (err instanceof AppError) throw new OAuthError('invalid_grant', err.code);
            throw err;
          }
        }
        case 'refresh_token': {
          if (!body.refresh_token) throw new OAuthError('invalid_request', 'refreshTokenRequired');
          return refreshSession(db, deps, body.refresh_token, client.id);
        }
        default: {
          await enforceLimits(deps.shared, [{ key: `cc:${client.id}:${request.ip}`, limit: 60, windowSeconds: 60 }]);
          const access = await deps.tokens.sign({ sub: client.id, client: client.id });
          return { access_token: access, token_type: 'Bearer' as const, expires_in: deps.tokens.ttlSeconds, scope: SCOPE };
        }
      }
    },
  );

  app.post(
    '/api/v1/account/login/exhibitor',
    {
      config: { public: true },
      schema: { summary: 'Exhibitor login for one exhibition', tags: ['auth'], body: exhibitorLoginBody, response: { 200: okSchema(exhibitorLoginResult) } },
    },
    async (request) => ok(await loginExhibitor(db, deps, request.body, request.ip)),
  );

  app.post(
    '/api/v3/account/login/exhibitor/phonenumber',
    {
      config: { public: true },
      schema: { summary: 'Exhibitor login by phone number and SMS code', tags: ['auth'], body: exhibitorPhoneLoginBody, response: { 200: okSchema(exhibitorLoginResult) } },
    },
    async (request) => ok(await loginExhibitorByPhone(db, deps, request.body, request.ip)),
  );

  app.post(
    '/api/v1/account/login/host',
    { config: { public: true }, schema: { summary: 'Host login', tags: ['auth'], body: loginBody, response: { 200: okSchema(hostLoginResult) } } },
    async (request) => ok(await loginHost(db, deps, request.body, request.ip)),
  );

  app.post(
    '/api/v1/account/login/admin',
    { config: { public: true }, schema: { summary: 'Administrator login', tags: ['auth'], body: loginBody, response: { 200: okSchema(adminLoginResult) } } },
    async (request) => ok(await loginAdmin(db, deps, request.body, request.ip)),
  );

  app.post(
    '/api/Account/CheckUserName',
    { config: { public: true }, schema: { summary: 'Is a user name taken', tags: ['auth'], body: checkUserNameBody, response: { 200: okSchema(checkUserNameResult) } } },
    async (request) => {
      await enforceLimits(deps.shared, [{ key: `checkname:${request.ip}`, limit: 60, windowSeconds: 60 }]);
      return ok({ exists: Boolean(await findUserByName(db, request.body.userName)) });
    },
  );

  app.post(
    '/api/Account/Register',
    { config: { public: true }, schema: { summary: 'Register an account (role 0)', tags: ['auth'], body: registerBody, response: { 200: okSchema(userInfo) } } },
    async (request) => {
      await enforceLimits(deps.shared, [{ key: `register:${request.ip}`, limit: 10, windowSeconds: 3600 }]);
      const { name } = await checkText(request.server.deps, { name: request.body.name });
      return ok(toUserInfo(await register(db, deps, { ...request.body, name }, actorOf(request))));
    },
  );

  app.put(
    '/api/account/resetpassword',
    { config: { public: true }, schema: { summary: 'Reset a password with a code sent to the phone or e-mail (purpose reset)', tags: ['auth'], body: resetPasswordBody, response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await enforceLimits(deps.shared, [LIMITS.loginPerIp(request.ip, deps.config.rateLimits.loginPerIp), LIMITS.loginPerAccount(request.body.account)]);
      await resetPassword(db, request.body, actorOf(request));
      return ok(true);
    },
  );

  app.put(
    '/api/v1/account/password',
    { config: { permission: 'account.setPassword' }, schema: { summary: "Set a user's password (administrator)", tags: ['auth'], body: setPasswordBody, response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await setPassword(db, request.body, actorOf(request));
      return ok(true);
    },
  );

  app.put(
    '/api/v1/account/password/old',
    { config: { permission: 'account.self', beforePasswordChange: true }, schema: { summary: 'Change own password; other sign-ins end', tags: ['auth'], body: changePasswordBody, response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await changeOwnPassword(db, deps, userOf(request), request.body, actorOf(request));
      return ok(true);
    },
  );

  app.post(
    '/api/v3/account/update/username',
    { config: { permission: 'account.self' }, schema: { summary: 'Change own user name', tags: ['auth'], body: updateUserNameBody, response: { 200: okSchema(userInfo) } } },
    async (request) => {
      const { userName } = await checkText(request.server.deps, { userName: request.body.userName }, { mode: 'refuse' });
      return ok(toUserInfo(await updateUserName(db, userOf(request), userName, actorOf(request))));
    },
  );

  app.get(
    '/api/v1/account/me',
    { config: { permission: 'account.self', beforePasswordChange: true }, schema: { summary: 'The signed-in principal', tags: ['auth'], querystring: cacheBuster, response: { 200: okSchema(me) } } },
    async (request, reply) => {
      const p = userOf(request);
      return cachedReply(db, request, reply, async () =>
        ok({
          user: toUserInfo((await findUserById(db, p.userId))!),
          role: p.role,
          hostId: p.hostIds[0] ?? null,
          exhibitionId: p.exhibitionId,
          exhibitorId: p.exhibitorId,
          companyId: p.companyId,
        }),
      );
    },
  );

  app.post(
    '/api/v1/account/logout',
    { config: { permission: 'account.self', beforePasswordChange: true }, schema: { summary: 'End this sign-in: its access and refresh tokens stop working', tags: ['auth'], response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await revokeSession(db, userOf(request).sessionId, 'logout');
      return ok(true);
    },
  );

};
