import {
  expoBooth,
  expoDirectoryItem,
  expoDirectoryQuery,
  publicExpoExhibitorParams,
  expoHome,
  expoLookCount,
  publicExpoParams,
  expoProduct,
  publicExpoProductParams,
  expoViewCount,
  ok as okSchema,
  page,
  cacheBuster,
  EXPO_DIRECTORY_SIZE,
} from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCacheable } from '../../http/cached-reply.ts';
import { ok } from '../../http/reply.ts';
import { enforceLimits } from '../../infra/rate-limit.ts';
import { PUBLIC_MAX_AGE } from '../product/routes.ts';
import { countLook, countView, expoBooth as readBooth, expoDirectory, expoHome as readHome, expoProduct as readProduct } from './service.ts';

/** Anonymous reads per address and minute, like the public product read: a visitor browsing, not a scraper. */
export const publicExpoLimit = (ip: string) => ({ key: `public-expo:ip:${ip}`, limit: 120, windowSeconds: 60 });
/** Counted views per address and minute: a visitor opening pages, not a script inflating a counter. */
export const expoViewLimit = (ip: string) => ({ key: `expo-view:ip:${ip}`, limit: 60, windowSeconds: 60 });

/**
 * The visitor site's public reads (issue 11, docs/visitor-site.md): anonymous, rate-limited per
 * address, cacheable for a minute and revalidated by ETag. The reads never count; the page posts
 * its view separately, so a cached or revalidated answer still counts once per visit.
 */
export const expoRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['expo'];
  const cacheable = `Cacheable for ${PUBLIC_MAX_AGE} s (ETag, 304); ${publicExpoLimit('').limit} calls a minute per address`;

  app.get(
    '/api/v1/expo/:exhibitionId',
    {
      config: { public: true },
      schema: {
        summary: `The visitor site's home: the exhibition, its state (upcoming, open, over), figures per the Display settings, the exhibitor logo grid (homeExhibitorLogo), the catalogue display, the registration notices and the exhibitor categories. ${cacheable}`,
        tags,
        params: publicExpoParams,
        querystring: cacheBuster,
        response: { 200: okSchema(expoHome) },
      },
    },
    async (request, reply) => {
      await enforceLimits(app.deps.shared, [publicExpoLimit(request.ip)]);
      return sendCacheable(db, request, reply, PUBLIC_MAX_AGE, async () => ok(await readHome(db, request.params.exhibitionId)));
    },
  );

  app.get(
    '/api/v1/expo/:exhibitionId/exhibitors',
    {
      config: { public: true },
      schema: {
        summary: `The exhibitor directory: shown, approved exhibitors in the host's order, ${EXPO_DIRECTORY_SIZE} a page by default (\`page\`, \`size\` ≤ 50). \`keyword\` matches the Chinese name, the English name and the Chinese name's pinyin (full or initials); \`categoryId\` a category (a root includes its children). ${cacheable}`,
        tags,
        params: publicExpoParams,
        querystring: expoDirectoryQuery,
        response: { 200: okSchema(page(expoDirectoryItem)) },
      },
    },
    async (request, reply) => {
      await enforceLimits(app.deps.shared, [publicExpoLimit(request.ip)]);
      return sendCacheable(db, request, reply, PUBLIC_MAX_AGE, async () => ok(await expoDirectory(db, request.params.exhibitionId, request.query)));
    },
  );

  app.get(
    '/api/v1/expo/:exhibitionId/exhibitors/:exhibitorId',
    {
      config: { public: true },
      schema: {
        summary: `The booth page: company, booths with their halls, counts, up to 10 products (the exhibition's productSort), the newest 5 reviews, albums and videos. A hidden, unapproved or other exhibition's exhibitor is a 404. Does not count the view (POST …/view does). ${cacheable}`,
        tags,
        params: publicExpoExhibitorParams,
        querystring: cacheBuster,
        response: { 200: okSchema(expoBooth) },
      },
    },
    async (request, reply) => {
      await enforceLimits(app.deps.shared, [publicExpoLimit(request.ip)]);
      return sendCacheable(db, request, reply, PUBLIC_MAX_AGE, async () => ok(await readBooth(db, request.params.exhibitionId, request.params.exhibitorId)));
    },
  );

  app.post(
    '/api/v1/expo/:exhibitionId/exhibitors/:exhibitorId/view',
    {
      config: { public: true },
      schema: {
        summary: `Counts one view of the booth page (the exhibitor's viewCount) and answers the new count with the live like, follow and share counts (the booth read is cached); ${expoViewLimit('').limit} a minute per address`,
        tags,
        params: publicExpoExhibitorParams,
        response: { 200: okSchema(expoViewCount) },
      },
    },
    async (request) => {
      await enforceLimits(app.deps.shared, [expoViewLimit(request.ip)]);
      return ok(await countView(db, request.params.exhibitionId, request.params.exhibitorId));
    },
  );

  app.get(
    '/api/v1/expo/:exhibitionId/products/:productId',
    {
      config: { public: true },
      schema: {
        summary: `The product page: a shown, approved product of a shown, approved exhibitor, with its pictures, video, introductions and company. Does not count the view (POST …/view does). ${cacheable}`,
        tags,
        params: publicExpoProductParams,
        querystring: cacheBuster,
        response: { 200: okSchema(expoProduct) },
      },
    },
    async (request, reply) => {
      await enforceLimits(app.deps.shared, [publicExpoLimit(request.ip)]);
      return sendCacheable(db, request, reply, PUBLIC_MAX_AGE, async () => ok(await readProduct(db, request.params.exhibitionId, request.params.productId)));
    },
  );

  app.post(
    '/api/v1/expo/:exhibitionId/products/:productId/view',
    {
      config: { public: true },
      schema: {
        summary: `Counts one view of the product page on its exhibitor's lookCount (views of its products) and answers the new count; ${expoViewLimit('').limit} a minute per address`,
        tags,
        params: publicExpoProductParams,
        response: { 200: okSchema(expoLookCount) },
      },
    },
    async (request) => {
      await enforceLimits(app.deps.shared, [expoViewLimit(request.ip)]);
      return ok({ lookCount: await countLook(db, request.params.exhibitionId, request.params.productId) });
    },
  );
};
