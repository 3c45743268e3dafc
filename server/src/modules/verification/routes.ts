import { z } from 'zod';
import { cacheBuster, captchaImage, captchaValidQuery, emailCodeQuery, ok as okSchema, phoneNumber, codePurpose, resultFlag, smsSendBody, smsValidateBody } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { langOf } from '../../http/i18n.ts';
import { ok } from '../../http/reply.ts';
import { checkCode, createCaptcha, sendCode } from './service.ts';

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const db = deps.db;
  const tags = ['verification'];
  const pub = { public: true };

  const sendSms = (phone: string, purpose: z.infer<typeof codePurpose>, request: { ip: string; headers: Record<string, unknown> }) =>
    sendCode(db, deps, { channel: 'sms', purpose, target: phone, ip: request.ip, lang: langOf(request as never) });

  app.post(
    '/api/VerCode/sms/send',
    { config: pub, schema: { summary: 'Send an SMS code; purpose: login, register, reset, bind or change', tags, body: smsSendBody, response: { 200: okSchema(resultFlag) } } },
    async (request) => ok({ result: await sendSms(request.body.Phone, request.body.purpose, request) }),
  );

  app.post(
    '/api/v1/verificationcode/sms',
    {
      config: pub,
      schema: { summary: 'Send an SMS code (back-office form of /api/VerCode/sms/send)', tags, body: z.object({ phoneNumber, purpose: codePurpose.default('login') }), response: { 200: okSchema(resultFlag) } },
    },
    async (request) => ok({ result: await sendSms(request.body.phoneNumber, request.body.purpose, request) }),
  );

  app.get(
    '/api/v1/verificationcode/email',
    { config: pub, schema: { summary: 'Send an e-mail code', tags, querystring: emailCodeQuery.extend(cacheBuster.shape), response: { 200: okSchema(resultFlag) } } },
    async (request) =>
      ok({ result: await sendCode(db, deps, { channel: 'email', purpose: request.query.purpose, target: request.query.email, ip: request.ip, lang: langOf(request) }) }),
  );

  app.post(
    '/api/VerCode/sms/validate',
    { config: pub, schema: { summary: 'Check an SMS code without using it up', tags, body: smsValidateBody, response: { 200: okSchema(resultFlag) } } },
    async (request) =>
      ok({ result: await checkCode(db, { channel: 'sms', purpose: request.body.purpose, target: request.body.Phone, code: request.body.code, consume: false }) }),
  );

  app.get(
    '/api/v1/verificationcode/image',
    { config: pub, schema: { summary: 'A new image captcha: key and SVG data URL', tags, querystring: cacheBuster, response: { 200: okSchema(captchaImage) } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { key, image } = await createCaptcha(db, deps, request.ip);
      return ok({ key, image });
    },
  );

  app.get(
    '/api/v1/verificationcode/valid',
    { config: pub, schema: { summary: 'Check an image captcha; a right answer uses it up', tags, querystring: captchaValidQuery.extend(cacheBuster.shape), response: { 200: okSchema(z.boolean()) } } },
    async (request) => ok(await checkCode(db, { channel: 'captcha', purpose: 'image', target: request.query.key, code: request.query.code })),
  );
};
