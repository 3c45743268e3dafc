import {
  emailApplyBody,
  emailBody,
  emailCodeBody,
  ErrorCode,
  codeOnlyBody,
  ok as okSchema,
  phoneApplyBody,
  phoneBody,
  phoneCodeBody,
  resultFlag,
  ticketResult,
  tokenInfo,
  userInfo,
} from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../auth/guard.ts';
import { createTicketSigner } from '../../auth/tokens.ts';
import { AppError, OAuthError } from '../../http/errors.ts';
import { langOf } from '../../http/i18n.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { enforceLimits, LIMITS } from '../../infra/rate-limit.ts';
import { checkCode, requireCode, sendCode } from '../verification/service.ts';
import { assertContactFree, findUserById, setContact, tokenByContact } from './service.ts';
import { toUserInfo } from './sessions.ts';

/**
 * Phone and e-mail change and bind (part 1 §7). The flow, written down in docs/api.md:
 * change = *OldToken (code to the current contact) → *OldCheck (ticket) → *Token (code to the
 * new contact) → *Apply (ticket + new contact + its code). Bind = a code to the new contact
 * (SMS send with purpose bind, or BindEmailApply) → BindPhoneApply / BindEmailTokenCheck.
 * BindPhoneToken / BindEmailToken sign in an existing account by a verified code (the
 * /auth-bind page) and fail with invalid_request "not registered" in the OAuth shape.
 */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const db = deps.db;
  const tickets = createTicketSigner(deps.config.tokenSecret);
  const tags = ['account contacts'];
  const self = { permission: 'account.self' as const };
  const sent = okSchema(resultFlag);

  const currentUser = async (userId: string) => {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError(ErrorCode.Unauthenticated);
    return user;
  };

  for (const kind of ['Phone', 'Email'] as const) {
    const field = kind === 'Phone' ? 'phoneNumber' : 'email';
    const channel = kind === 'Phone' ? 'sms' : 'email';
    const noneBound = kind === 'Phone' ? ErrorCode.NoPhoneBound : ErrorCode.NoEmailBound;
    const newBody = kind === 'Phone' ? phoneBody : emailBody;
    const applyBody = kind === 'Phone' ? phoneApplyBody : emailApplyBody;
    const valueOf = (b: { phoneNumber?: string; email?: string }) => (kind === 'Phone' ? b.phoneNumber! : b.email!);

    app.post(
      `/api/account/Change${kind}OldToken`,
      { config: self, schema: { summary: `Send a code to the current ${field}`, tags, response: { 200: sent } } },
      async (request) => {
        const user = await currentUser(userOf(request).userId);
        const current = user[field];
        if (!current) throw new AppError(noneBound);
        return ok({ result: await sendCode(db, deps, { channel, purpose: 'change', target: current, ip: request.ip, lang: langOf(request) }) });
      },
    );

    app.post(
      `/api/account/Change${kind}OldCheck`,
      { config: self, schema: { summary: `Check the code sent to the current ${field}; answers a ticket for the change`, tags, body: codeOnlyBody, response: { 200: okSchema(ticketResult) } } },
      async (request) => {
        const me = userOf(request);
        const user = await currentUser(me.userId);
        const current = user[field];
        if (!current) throw new AppError(noneBound);
        await requireCode(db, { channel, purpose: 'change', target: current, code: request.body.code });
        return ok({ ticket: await tickets.sign(me.userId, `change-${field}`) });
      },
    );

    app.post(
      `/api/account/Change${kind}Token`,
      { config: self, schema: { summary: `Send a code to the new ${field}`, tags, body: newBody, response: { 200: sent } } },
      async (request) => {
        const me = userOf(request);
        const value = valueOf(request.body as never);
        await assertContactFree(db, field, value, me.userId);
        return ok({ result: await sendCode(db, deps, { channel, purpose: 'change', target: value, ip: request.ip, lang: langOf(request) }) });
      },
    );

    app.post(
      `/api/account/Change${kind}Apply`,
      { config: self, schema: { summary: `Change the ${field}: ticket from Change${kind}OldCheck and the new contact's code`, tags, body: applyBody, response: { 200: okSchema(userInfo) } } },
      async (request) => {
        const me = userOf(request);
        const body = request.body as { ticket: string; code: string; phoneNumber?: string; email?: string };
        const user = await currentUser(me.userId);
        if (user[field] && !(await tickets.verify(body.ticket, me.userId, `change-${field}`))) throw new AppError(ErrorCode.TicketInvalid);
        const value = valueOf(body);
        await assertContactFree(db, field, value, me.userId);
        await requireCode(db, { channel, purpose: 'change', target: value, code: body.code });
        return ok(toUserInfo(await setContact(db, me.userId, field, value, actorOf(request))));
      },
    );
  }

  const bindOnce = async (userId: string, field: 'phoneNumber' | 'email') => {
    const user = await currentUser(userId);
    if (user[field]) throw new AppError(field === 'email' ? ErrorCode.EmailTaken : ErrorCode.PhoneTaken);
  };

  app.post(
    '/api/account/BindPhoneApply',
    { config: self, schema: { summary: 'Bind a phone to an account that has none (code sent with purpose bind)', tags, body: phoneCodeBody, response: { 200: okSchema(userInfo) } } },
    async (request) => {
      const me = userOf(request);
      await bindOnce(me.userId, 'phoneNumber');
      await assertContactFree(db, 'phoneNumber', request.body.phoneNumber, me.userId);
      await requireCode(db, { channel: 'sms', purpose: 'bind', target: request.body.phoneNumber, code: request.body.code });
      return ok(toUserInfo(await setContact(db, me.userId, 'phoneNumber', request.body.phoneNumber, actorOf(request))));
    },
  );

  app.post(
    '/api/account/BindEmailApply',
    { config: self, schema: { summary: 'Send a code to an e-mail address to bind it', tags, body: emailBody, response: { 200: sent } } },
    async (request) => {
      const me = userOf(request);
      await bindOnce(me.userId, 'email');
      await assertContactFree(db, 'email', request.body.email, me.userId);
      return ok({ result: await sendCode(db, deps, { channel: 'email', purpose: 'bind', target: request.body.email, ip: request.ip, lang: langOf(request) }) });
    },
  );

  app.post(
    '/api/account/BindEmailTokenCheck',
    { config: self, schema: { summary: 'Check the code of BindEmailApply and bind the e-mail', tags, body: emailCodeBody, response: { 200: okSchema(userInfo) } } },
    async (request) => {
      const me = userOf(request);
      await bindOnce(me.userId, 'email');
      await assertContactFree(db, 'email', request.body.email, me.userId);
      await requireCode(db, { channel: 'email', purpose: 'bind', target: request.body.email, code: request.body.code });
      return ok(toUserInfo(await setContact(db, me.userId, 'email', request.body.email, actorOf(request))));
    },
  );

  for (const kind of ['Phone', 'Email'] as const) {
    const field = kind === 'Phone' ? 'phoneNumber' : 'email';
    const channel = kind === 'Phone' ? 'sms' : 'email';
    app.post(
      `/api/account/Bind${kind}Token`,
      {
        config: { public: true },
        attachValidation: true,
        schema: {
          summary: `Sign in by a verified ${field} code (purpose bind), for the account-binding page`,
          tags,
          body: kind === 'Phone' ? phoneCodeBody : emailCodeBody,
          response: { 200: tokenInfo },
          description: 'Errors answer in the RFC 6749 §5.2 shape {error, error_description}.',
        },
      },
      async (request) => {
        if (request.validationError) {
          const field = request.validationError.validation[0]?.instancePath.replace(/^\//, '') || 'body';
          throw new OAuthError('invalid_request', 'fieldInvalid', { field });
        }
        const body = request.body as { code: string; phoneNumber?: string; email?: string };
        const value = kind === 'Phone' ? body.phoneNumber! : body.email!;
        await enforceLimits(deps.shared, [LIMITS.loginPerIp(request.ip, deps.config.rateLimits.loginPerIp), LIMITS.loginPerAccount(value)]);
        if (!(await checkCode(db, { channel, purpose: 'bind', target: value, code: body.code })))
          throw new OAuthError('invalid_grant', ErrorCode.CodeInvalid);
        const token = await tokenByContact(db, deps, field, value);
        if (!token) throw new OAuthError('invalid_request', kind === 'Phone' ? ErrorCode.PhoneNotRegistered : ErrorCode.EmailNotRegistered);
        return token;
      },
    );
  }
};
