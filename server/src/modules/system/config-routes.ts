import { clientConfig, MAX_IMAGE_BYTES, MAX_IMAGE_COUNT, type ClientConfig } from '@pavilion/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../http/errors.ts';
import { DEMO_EXHIBITION_ID } from '../../seed/ids.ts';

/** GET /config/{file}: the client configuration, built from the server's environment. */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const base = config.publicUrl.replace(/\/$/, '');
  const body: ClientConfig = {
    api: base,
    live: base,
    request: base,
    auth: base,
    token: `${base}/connect/token`,
    image: config.s3 ? config.s3.publicUrl : `${base}/uploads`,
    logoutUrl: config.logoutUrl,
    uploadType: config.s3 ? 's3' : 'local',
    clientId: config.webClient.id,
    clientSecret: config.webClient.secret,
    settledClientId: config.settledClient.id,
    settledClientSecret: config.settledClient.secret,
    exhibitionId: config.seedDemo ? DEMO_EXHIBITION_ID : null,
    maxImageBytes: MAX_IMAGE_BYTES,
    maxImageCount: MAX_IMAGE_COUNT,
    maxVideoBytes: config.video.maxBytes,
  };
  app.get(
    '/config/:file',
    {
      config: { public: true },
      schema: { summary: 'Client configuration (config.json)', tags: ['config'], params: z.object({ file: z.string() }), response: { 200: clientConfig } },
    },
    async (request, reply) => {
      if (!/^config\.json$/i.test(request.params.file)) throw notFound('config');
      void reply.header('cache-control', 'no-cache');
      return body;
    },
  );
};
