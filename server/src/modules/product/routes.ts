import {
  ok as okSchema,
  page,
  product as productSchema,
  productCreateBody,
  productEvaluation as productEvaluationSchema,
  productEvaluationIdQuery,
  productEvaluationQuery,
  productEvaluationReplyBody,
  productEvaluationShowBody,
  productGetQuery,
  productPageQuery,
  productPatchBody,
  productQuery,
  productShowBatchBody,
  productShowBatchResult,
  productShowBody,
  productAuthenticateBody,
  productCertificate as productCertificateSchema,
  productCertificateCreateBody,
  productCertificatePatchBody,
  productCertificateQuery,
  publicProduct,
  publicProductParams,
  publicProductQuery,
  type ProductQuery,
} from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditDecisionRoute } from '../../audit/decision-route.ts';
import { exhibitionOfRequest } from '../../auth/feature-gate.ts';
import { userOf } from '../../auth/guard.ts';
import { inTransaction } from '../../core/write.ts';
import { cachedReply, sendCacheable } from '../../http/cached-reply.ts';
import { ok } from '../../http/reply.ts';
import { cleanRichText } from '../../http/rich-text.ts';
import { enforceLimits } from '../../infra/rate-limit.ts';
import { checkText } from '../../sensitive/check.ts';
import { exhibitionOfExhibitor } from '../exhibitor/service.ts';
import { deleteEvaluation, evaluationPage, exhibitionOfEvaluation, replyEvaluation, showEvaluation } from './evaluation.ts';
import { productCategoryRoutes } from './categories.ts';
import { productTagRoutes } from './tags.ts';
import { productImportRoutes } from './import-routes.ts';
import { productGroupRoutes } from './groups.ts';
import { certificatePage, certificateQualityRoutes, createCertificate, deleteCertificate, exhibitionOfCertificate, findCertificate, updateCertificate } from './certificates.ts';
import { authenticateProduct, checkReachableProducts, createProduct, deleteProduct, exhibitionOfProduct, findProduct, productPage, publicProductPage, showProduct, showProducts, updateProduct, type ProductFilter } from './service.ts';

/** Anonymous reads per address and minute: a visitor paging and filtering, not a scraper. */
export const publicProductLimit = (ip: string) => ({ key: `public-products:ip:${ip}`, limit: 120, windowSeconds: 60 });
/** How long a shared cache may keep a public page before asking again (ETag, 304). */
export const PUBLIC_MAX_AGE = 60;

/** Products (issue 10, docs/products.md): the exhibitor's own, the host's exhibitions', gated by the feature key `product`. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['product'];

  /**
   * The exhibition whose `product` feature the call needs: the record's own (a product or an
   * evaluation named by id, an exhibitor named by exhibitorId), else the default places. A record
   * that does not exist is a 404 before anything else.
   */
  const exhibitionOf = async (request: FastifyRequest, ref: { productId?: string | undefined; evaluationId?: string | undefined; exhibitorId?: string | undefined; exhibitionId?: string | undefined }) => {
    if (ref.productId) return exhibitionOfProduct(db, ref.productId);
    if (ref.evaluationId) return exhibitionOfEvaluation(db, ref.evaluationId);
    if (ref.exhibitionId) return ref.exhibitionId;
    if (ref.exhibitorId) return exhibitionOfExhibitor(db, ref.exhibitorId);
    return exhibitionOfRequest(request);
  };
  const gated = (find: (request: FastifyRequest) => Promise<string | null>) => ({ feature: 'product' as const, featureExhibition: find });
  const q = (request: FastifyRequest) => request.query as Record<string, string | undefined>;
  const b = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const whereOf = (request: FastifyRequest, field: string) => str((b(request).wheres as { field: string; value: unknown }[] | undefined)?.find((w) => w.field === field)?.value);

  /** Names through the sensitive-word check, introductions sanitised: before the transaction (PGlite has one connection). */
  const cleaned = async <T extends { name?: string | undefined; nameEn?: string | null | undefined; introductionZh?: string | undefined; introductionEn?: string | undefined }>(body: T): Promise<T> => {
    const out = { ...body };
    const names = await checkText(app.deps, { name: out.name, nameEn: out.nameEn ?? undefined });
    if (out.name !== undefined) out.name = names.name!;
    if (out.nameEn) out.nameEn = names.nameEn!;
    return { ...out, ...(await cleanRichText(app.deps, { introductionZh: out.introductionZh, introductionEn: out.introductionEn })) };
  };

  app.post(
    '/api/v3/productv3/page',
    {
      config: { permission: 'product.read', ...gated((r) => exhibitionOf(r, { exhibitionId: str(b(r).exhibitionId), exhibitorId: str(b(r).exhibitorId) })) },
      schema: {
        summary: 'Products, 10 a page by default, by showIndex: the host’s exhibition’s (never an exhibitor’s draft, audit state -3), the exhibitor’s own (drafts too). Filters keyword (name or English name), categoryId (a root includes its children), tagId, auditState, isShow, exhibitorId',
        tags,
        body: productPageQuery,
        response: { 200: okSchema(page(productSchema)) },
      },
    },
    async (request, reply) => {
      const { pageIndex, pageSize, ...filter } = request.body;
      return cachedReply(db, request, reply, async () => ok(await productPage(db, userOf(request), filter, { pageIndex, pageSize })));
    },
  );

  app.post(
    '/api/v1/product/query',
    {
      config: { permission: 'product.read', ...gated((r) => exhibitionOf(r, { productId: str(b(r).id), exhibitionId: whereOf(r, 'exhibitionId'), exhibitorId: whereOf(r, 'exhibitorId') })) },
      schema: {
        summary: 'Products of a company (`CompId`) or one product (`id`), paged, with `wheres` conditions ({field, value}: name contains, the others equal); a host names the exhibition in `wheres`',
        tags,
        body: productQuery,
        response: { 200: okSchema(page(productSchema)) },
      },
    },
    async (request) => ok(await productPage(db, userOf(request), filterOfQuery(request.body), request.body)),
  );

  app.post(
    '/api/v1/product',
    {
      config: { permission: 'product.write', ...gated((r) => exhibitionOf(r, { exhibitorId: str(b(r).exhibitorId) })) },
      schema: {
        summary:
          'Add a product: the exhibitor’s own is submitted for the host’s audit (approved at once under enabledAutoAuditProduct; `draft: true` keeps it back), the host’s for `exhibitorId` is final. Limits of the exhibition: pictures ≤ productImageUploadNumber (4060), products per exhibitor ≤ exhibitorsLoadProductNumber (4061), no video while enabledUploadProductVideo is off (4062)',
        tags,
        body: productCreateBody,
        response: { 200: okSchema(productSchema) },
      },
    },
    async (request) => {
      const body = await cleaned(request.body);
      return ok(await inTransaction(app, request, (ctx) => createProduct(ctx, body)));
    },
  );

  app.get(
    '/api/v1/product',
    {
      config: { permission: 'product.read', ...gated((r) => exhibitionOf(r, { productId: q(r).id })) },
      schema: { summary: 'One product with its audit state and reason', tags, querystring: productGetQuery, response: { 200: okSchema(productSchema) } },
    },
    async (request) => ok(await findProduct(db, userOf(request), request.query.id)),
  );

  app.patch(
    '/api/v1/product',
    {
      config: { permission: 'product.write', ...gated((r) => exhibitionOf(r, { productId: q(r).id })) },
      schema: {
        summary: 'Change the fields sent, within the exhibition’s limits: the exhibitor’s change goes back to the host’s audit (or to draft with `draft: true`), the host’s is final',
        tags,
        querystring: productGetQuery,
        body: productPatchBody,
        response: { 200: okSchema(productSchema) },
      },
    },
    async (request) => {
      const body = await cleaned(request.body);
      return ok(await inTransaction(app, request, (ctx) => updateProduct(ctx, request.query.id, body)));
    },
  );

  app.delete(
    '/api/v1/product',
    {
      config: { permission: 'product.write', ...gated((r) => exhibitionOf(r, { productId: q(r).id })) },
      schema: { summary: 'Delete a product (the exhibitor its own, the host one of its exhibitions’); a pending one leaves the audit queue', tags, querystring: productGetQuery, response: { 200: okSchema(z.boolean()) } },
    },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteProduct(ctx, request.query.id));
      return ok(true);
    },
  );

  app.put(
    '/api/v1/product/show',
    {
      config: { permission: 'product.write', ...gated((r) => exhibitionOf(r, { productId: str(b(r).id) })) },
      schema: { summary: 'Show or hide a product on the visitor site (no new audit)', tags, body: productShowBody, response: { 200: okSchema(productSchema) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => showProduct(ctx, request.body.id, request.body.isShow))),
  );

  /** Bulk calls name their products by `ids`: the first one's exhibition answers for the feature gate. */
  const firstId = (r: FastifyRequest) => str((b(r).ids as unknown[] | undefined)?.[0]);

  app.put(
    '/api/v1/product/show/batch',
    {
      config: { permission: 'product.write', ...gated((r) => exhibitionOf(r, { productId: firstId(r) })) },
      schema: {
        summary: 'Show or hide several products at once (no new audit); all or none: one id the caller does not reach is a 404 and nothing changes',
        tags,
        body: productShowBatchBody,
        response: { 200: okSchema(productShowBatchResult) },
      },
    },
    async (request) => ok({ updated: await inTransaction(app, request, (ctx) => showProducts(ctx, request.body.ids, request.body.isShow)) }),
  );

  auditDecisionRoute(app, {
    method: 'PUT',
    url: '/api/v1/product/audit',
    type: 'product',
    permission: 'product.audit',
    gate: gated((r) => exhibitionOf(r, { productId: firstId(r) })),
    summary: 'Approve or reject pending products by their ids through the audit queue (all or none; a reason to reject); another tenant’s id is a 404 for the whole request',
    tags,
    check: checkReachableProducts,
  });

  app.put(
    '/api/v1/product/authenticate',
    {
      config: { permission: 'product.authenticate', ...gated((r) => exhibitionOf(r, { productId: str(b(r).id) })) },
      schema: { summary: 'The host marks a product authenticated after checking its approved certificates (4076 without one), or takes the mark back', tags, body: productAuthenticateBody, response: { 200: okSchema(productSchema) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => authenticateProduct(ctx, request.body.id, request.body.authenticated))),
  );

  // ---- certificates: the exhibitor's, audited (type productCertificate) ----

  const certificateTags = ['productCertificate'];
  const certificateOf = (r: FastifyRequest) => exhibitionOfCertificate(db, q(r).id!);
  /** Names and issuers through the sensitive-word check, before the transaction. */
  const cleanCertificate = async <T extends { name?: string | undefined; issuer?: string | null | undefined }>(body: T): Promise<T> => {
    const out = await checkText(app.deps, { name: body.name, issuer: body.issuer ?? undefined });
    return { ...body, ...(body.name !== undefined ? { name: out.name } : {}), ...(body.issuer ? { issuer: out.issuer } : {}) };
  };
  app.post(
    '/api/v1/productcertificate/query',
    {
      config: { permission: 'productCertificate.read', ...gated((r) => exhibitionOf(r, { exhibitionId: str(b(r).exhibitionId), exhibitorId: str(b(r).exhibitorId) })) },
      schema: { summary: 'Product certificates, newest first: the exhibitor’s own, a host’s exhibitions’ (filters exhibitionId, exhibitorId, auditState)', tags: certificateTags, body: productCertificateQuery, response: { 200: okSchema(page(productCertificateSchema)) } },
    },
    async (request) => {
      const { pageIndex, pageSize, ...filter } = request.body;
      return ok(await certificatePage(db, userOf(request), filter, { pageIndex, pageSize }));
    },
  );
  app.get(
    '/api/v1/productcertificate',
    { config: { permission: 'productCertificate.read', ...gated(certificateOf) }, schema: { summary: 'One product certificate with its audit state', tags: certificateTags, querystring: productGetQuery, response: { 200: okSchema(productCertificateSchema) } } },
    async (request) => ok(await findCertificate(db, userOf(request), request.query.id)),
  );
  app.post(
    '/api/v1/productcertificate',
    {
      config: { permission: 'productCertificate.write', ...gated((r) => exhibitionOf(r, { exhibitorId: str(b(r).exhibitorId) })) },
      schema: { summary: 'Add a product certificate (name, kind, issuer, valid until, pictures): the exhibitor’s goes to the host’s audit, the host’s for exhibitorId is final; at most 30 an exhibitor (4075)', tags: certificateTags, body: productCertificateCreateBody, response: { 200: okSchema(productCertificateSchema) } },
    },
    async (request) => {
      const body = await cleanCertificate(request.body);
      return ok(await inTransaction(app, request, (ctx) => createCertificate(ctx, body)));
    },
  );
  app.patch(
    '/api/v1/productcertificate',
    {
      config: { permission: 'productCertificate.write', ...gated(certificateOf) },
      schema: { summary: 'Change a certificate: the exhibitor’s change goes back to the audit and leaves the products that carried it', tags: certificateTags, querystring: productGetQuery, body: productCertificatePatchBody, response: { 200: okSchema(productCertificateSchema) } },
    },
    async (request) => {
      const body = await cleanCertificate(request.body);
      return ok(await inTransaction(app, request, (ctx) => updateCertificate(ctx, request.query.id, body)));
    },
  );
  app.delete(
    '/api/v1/productcertificate',
    { config: { permission: 'productCertificate.write', ...gated(certificateOf) }, schema: { summary: 'Delete a certificate (soft); it leaves the audit queue and its products', tags: certificateTags, querystring: productGetQuery, response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteCertificate(ctx, request.query.id));
      return ok(true);
    },
  );

  // ---- evaluations: visitors' reviews of products ----

  const evaluationTags = ['productEvaluation'];
  app.post(
    '/api/v3/productevaluate/page',
    {
      config: { permission: 'productEvaluation.read', ...gated((r) => exhibitionOf(r, { exhibitionId: str(b(r).exhibitionId), exhibitorId: str(b(r).exhibitorId) })) },
      schema: {
        summary: 'Product evaluations, newest first: the exhibitor’s own products’ (contacts masked), the host’s exhibition’s. Filters productId, exhibitorId, isShow, replied, keyword',
        tags: evaluationTags,
        body: productEvaluationQuery,
        response: { 200: okSchema(page(productEvaluationSchema)) },
      },
    },
    async (request) => ok(await evaluationPage(db, userOf(request), request.body)),
  );

  app.post(
    '/api/v3/productevaluate',
    {
      config: { permission: 'productEvaluation.reply', ...gated((r) => exhibitionOf(r, { evaluationId: str(b(r).id) })) },
      schema: { summary: 'The exhibitor answers an evaluation of its own product (\'\' withdraws the answer)', tags: evaluationTags, body: productEvaluationReplyBody, response: { 200: okSchema(productEvaluationSchema) } },
    },
    async (request) => {
      const { reply } = await checkText(app.deps, { reply: request.body.reply });
      return ok(await inTransaction(app, request, (ctx) => replyEvaluation(ctx, request.body.id, reply)));
    },
  );

  app.put(
    '/api/v3/productevaluate/show',
    {
      config: { permission: 'productEvaluation.moderate', ...gated((r) => exhibitionOf(r, { evaluationId: str(b(r).id) })) },
      schema: { summary: 'The host shows or hides an evaluation on the visitor site', tags: evaluationTags, body: productEvaluationShowBody, response: { 200: okSchema(productEvaluationSchema) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => showEvaluation(ctx, request.body.id, request.body.isShow))),
  );

  app.delete(
    '/api/v3/productevaluate',
    {
      config: { permission: 'productEvaluation.moderate', ...gated((r) => exhibitionOf(r, { evaluationId: q(r).id })) },
      schema: { summary: 'The host deletes an evaluation', tags: evaluationTags, querystring: productEvaluationIdQuery, response: { 200: okSchema(z.boolean()) } },
    },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteEvaluation(ctx, request.query.id));
      return ok(true);
    },
  );

  // ---- the visitor site: anonymous, cacheable, rate-limited ----

  app.get(
    '/api/public/exhibitions/:exhibitionId/products',
    {
      config: { public: true },
      schema: {
        summary: `Shown, approved products of an exhibition’s shown exhibitors, for the visitor site (anonymous): 10 a page by default (at most 50), filters categoryId (a root includes its children), exhibitorId, keyword. Cacheable for ${PUBLIC_MAX_AGE} s (ETag, 304); ${publicProductLimit('').limit} calls a minute per address`,
        tags,
        params: publicProductParams,
        querystring: publicProductQuery,
        response: { 200: okSchema(page(publicProduct)) },
      },
    },
    async (request, reply) => {
      await enforceLimits(app.deps.shared, [publicProductLimit(request.ip)]);
      const { pageIndex, pageSize, categoryId, exhibitorId, keyword } = request.query;
      return sendCacheable(db, request, reply, PUBLIC_MAX_AGE, async () => ok(await publicProductPage(db, request.params.exhibitionId, { categoryId, exhibitorId, keyword }, { pageIndex, pageSize })));
    },
  );

  await app.register(productCategoryRoutes);
  await app.register(productTagRoutes);
  await app.register(productImportRoutes);
  await app.register(productGroupRoutes);
  await app.register(certificateQualityRoutes);
};

/** `wheres` of `POST /api/v1/product/query` as the list's filter (a later condition on a field wins). */
function filterOfQuery(body: ProductQuery): ProductFilter {
  const f: ProductFilter = { compId: body.CompId, id: body.id };
  for (const w of body.wheres) {
    if (w.field === 'name') f.keyword = w.value;
    else if (w.field === 'auditState') f.auditState = w.value;
    else if (w.field === 'isShow') f.isShow = w.value;
    else f[w.field] = w.value;
  }
  return f;
}
