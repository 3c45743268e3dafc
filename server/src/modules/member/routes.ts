import {
  barcodeRules,
  barcodeRulesAnswer,
  barcodeRulesQuery,
  cacheBuster,
  engagementState,
  expoExhibitorParams,
  expoParams,
  followResult,
  likeResult,
  ok as okSchema,
  registerVisitorBody,
  registrationQuery,
  registrationRead,
  shareResult,
  visitorEmailLoginBody,
  visitorMe,
  visitorSession,
  visitorSmsLoginBody,
} from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../auth/guard.ts';
import { inTransaction } from '../../core/write.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { enforceLimits } from '../../infra/rate-limit.ts';
import { visibleExhibition, writableExhibition } from '../exhibition/service.ts';
import { engagementOf, engageOnce, share, unfollow } from './engagement.ts';
import { loginVisitorByEmail, loginVisitorBySms, readOwnMember, readRegistration, registerVisitor } from './service.ts';
import { readBarcodeRules, saveBarcodeRules } from './ticket.ts';

const tags = ['visitor'];
/** The visitor site's anonymous calls, per address (like the public product read). */
const expoReadLimit = (ip: string) => ({ key: `expo-read:ip:${ip}`, limit: 120, windowSeconds: 60 });
const expoWriteLimit = (ip: string, limit: number) => ({ key: `expo-write:ip:${ip}`, limit, windowSeconds: 300 });
const base = '/api/v1/expo/:exhibitionId';

/** The visitor side of the public site (docs/visitors.md) and the host's ticket barcode rules. */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const db = deps.db;
  const writeLimit = (ip: string) => enforceLimits(deps.shared, [expoWriteLimit(ip, deps.config.rateLimits.loginPerIp)]);

  app.get(
    `${base}/registration`,
    {
      config: { public: true },
      schema: {
        summary: 'The registration page (anonymous): state open / notOpen / over, the form of the group or exhibition in the language, notices, group, sign-in kind',
        tags,
        params: expoParams,
        querystring: registrationQuery,
        response: { 200: okSchema(registrationRead) },
      },
    },
    async (request) => {
      await enforceLimits(deps.shared, [expoReadLimit(request.ip)]);
      return ok(await readRegistration(db, request.params.exhibitionId, request.query));
    },
  );

  app.post(
    `${base}/register`,
    {
      config: { public: true },
      schema: {
        summary: 'Register for the exhibition and sign in (anonymous): Chinese site answers.mobile with smsCode (purpose register), English site answers.email and answers.password',
        tags,
        params: expoParams,
        body: registerVisitorBody,
        response: { 200: okSchema(visitorSession) },
      },
    },
    async (request) => {
      await writeLimit(request.ip);
      return ok(await registerVisitor(db, deps, request.params.exhibitionId, request.body, actorOf(request)));
    },
  );

  app.post(
    `${base}/login/sms`,
    { config: { public: true }, schema: { summary: 'Visitor sign-in by phone and SMS code (purpose login), Chinese site', tags, params: expoParams, body: visitorSmsLoginBody, response: { 200: okSchema(visitorSession) } } },
    async (request) => ok(await loginVisitorBySms(db, deps, request.params.exhibitionId, request.body, request.ip)),
  );

  app.post(
    `${base}/login/email`,
    { config: { public: true }, schema: { summary: 'Visitor sign-in by e-mail and password, English site', tags, params: expoParams, body: visitorEmailLoginBody, response: { 200: okSchema(visitorSession) } } },
    async (request) => ok(await loginVisitorByEmail(db, deps, request.params.exhibitionId, request.body, request.ip)),
  );

  app.get(
    `${base}/me`,
    { config: { permission: 'visitor.self' }, schema: { summary: "The signed-in visitor's registration and ticket (QR as SVG once approved)", tags, params: expoParams, querystring: cacheBuster, response: { 200: okSchema(visitorMe) } } },
    async (request) => ok(await readOwnMember(db, userOf(request), request.params.exhibitionId)),
  );

  app.get(
    `${base}/exhibitors/:exhibitorId/mine`,
    { config: { permission: 'visitor.engage' }, schema: { summary: 'Whether the visitor likes and follows the exhibitor', tags, params: expoExhibitorParams, querystring: cacheBuster, response: { 200: okSchema(engagementState) } } },
    async (request) => ok(await engagementOf(db, userOf(request), request.params.exhibitionId, request.params.exhibitorId)),
  );

  app.post(
    `${base}/exhibitors/:exhibitorId/like`,
    { config: { permission: 'visitor.engage' }, schema: { summary: 'Like an exhibitor, once (a second like: 409 AlreadyLiked)', tags, params: expoExhibitorParams, response: { 200: okSchema(likeResult) } } },
    async (request) => ok({ likeCount: await engageOnce(db, userOf(request), request.params.exhibitionId, request.params.exhibitorId, 'like') }),
  );

  app.post(
    `${base}/exhibitors/:exhibitorId/follow`,
    { config: { permission: 'visitor.engage' }, schema: { summary: 'Follow an exhibitor (a second follow: 409 AlreadyFollowed)', tags, params: expoExhibitorParams, response: { 200: okSchema(followResult) } } },
    async (request) => ok({ followCount: await engageOnce(db, userOf(request), request.params.exhibitionId, request.params.exhibitorId, 'follow') }),
  );

  app.delete(
    `${base}/exhibitors/:exhibitorId/follow`,
    { config: { permission: 'visitor.engage' }, schema: { summary: 'Stop following an exhibitor', tags, params: expoExhibitorParams, response: { 200: okSchema(followResult) } } },
    async (request) => ok({ followCount: await unfollow(db, userOf(request), request.params.exhibitionId, request.params.exhibitorId) }),
  );

  app.post(
    `${base}/exhibitors/:exhibitorId/share`,
    { config: { public: true }, schema: { summary: "Count a share of an exhibitor (anonymous allowed; a signed-in visitor's share is kept with its name)", tags, params: expoExhibitorParams, response: { 200: okSchema(shareResult) } } },
    async (request) => {
      await enforceLimits(deps.shared, [expoReadLimit(request.ip)]);
      const p = request.principal?.kind === 'user' ? request.principal : null;
      return ok({ shareCount: await share(db, p, request.params.exhibitionId, request.params.exhibitorId) });
    },
  );

  app.get(
    '/api/v3/barcoderules',
    {
      config: { permission: 'barcodeRules.read', feature: 'audience' },
      schema: { summary: "The exhibition's ticket barcode rules (defaults until saved)", tags, querystring: barcodeRulesQuery, response: { 200: okSchema(barcodeRulesAnswer) } },
    },
    async (request) => {
      const exh = await visibleExhibition(db, userOf(request), request.query.exhibitionId);
      return ok({ exhibitionId: exh.id, ...(await readBarcodeRules(db, exh.id)) });
    },
  );

  app.put(
    '/api/v3/barcoderules',
    {
      config: { permission: 'barcodeRules.manage', feature: 'audience' },
      schema: {
        summary: "Replace the exhibition's ticket barcode rules: prefix (letters and digits, at most 10), serialLength 4-12, includeGroupCode, checkDigit; tickets issued before keep their numbers",
        tags,
        querystring: barcodeRulesQuery,
        body: barcodeRules,
        response: { 200: okSchema(barcodeRulesAnswer) },
      },
    },
    async (request) =>
      ok(
        await inTransaction(app, request, async (ctx) => {
          const exh = await writableExhibition(ctx.tx, ctx.principal, request.query.exhibitionId);
          return { exhibitionId: exh.id, ...(await saveBarcodeRules(ctx.tx, ctx.actor, exh, request.body)) };
        }),
      ),
  );
};
