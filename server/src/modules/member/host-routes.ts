import {
  JobType,
  backgroundJob as jobSchema,
  customerService as customerServiceSchema,
  customerServiceAddBody,
  customerServiceListQuery,
  customerServiceParams,
  member as memberSchema,
  memberAuditBody,
  memberAuditResult,
  memberDetail as memberDetailSchema,
  memberEmailBody,
  memberExportBody,
  memberGroup,
  memberGroupsQuery,
  memberIdParams,
  memberPageQuery,
  memberPatchBody,
  memberPhoneBody,
  ok as okSchema,
  page,
} from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import { inTransaction } from '../../core/write.ts';
import { langOf } from '../../http/i18n.ts';
import { ok } from '../../http/reply.ts';
import { createJob, toJobItem } from '../backgroundjob/service.ts';
import { addCustomerService, customerServiceExhibition, customerServiceList, exhibitorExhibition, removeCustomerService, updateCustomerServiceContact } from './customer-service.ts';
import { auditMembers, memberDetail, memberExhibition, memberGroups, memberPage, patchMember, updateMemberContact } from './host-service.ts';

const tags = ['member'];
const csTags = ['customerservice'];
const audience = 'audience' as const;

/** Where the feature gate finds the exhibition of a call (docs/members.md "Who may call"). */
const byMemberParam = (request: FastifyRequest) => memberExhibition(request.server.deps.db, (request.params as { id: string }).id);
const byFirstAuditId = (request: FastifyRequest) => memberExhibition(request.server.deps.db, (request.body as { ids: string[] }).ids[0]!);
const byExhibitor = (request: FastifyRequest) => {
  const from = (o: unknown) => (o && typeof o === 'object' && typeof (o as { exhibitorId?: unknown }).exhibitorId === 'string' ? (o as { exhibitorId: string }).exhibitorId : null);
  const exhibitorId = from(request.query) ?? from(request.body);
  return exhibitorId ? exhibitorExhibition(request.server.deps.db, exhibitorId) : null;
};
const byHash = (request: FastifyRequest) => customerServiceExhibition(request.server.deps.db, (request.params as { hash: string }).hash);

/** Visitor management for hosts (admin/audience, admin/audience-task) and the exhibitors' customer service (docs/members.md). */
export const memberHostRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, shared } = app.deps;

  app.get(
    '/api/v1/member/page',
    {
      config: { permission: 'member.read', feature: audience },
      schema: { summary: "An exhibition's registered visitors, newest first; keyword over name, mobile, e-mail and company; filters groupId, auditState, blacklisted", tags, querystring: memberPageQuery, response: { 200: okSchema(page(memberSchema)) } },
    },
    async (request) => ok(await memberPage(db, userOf(request), request.query)),
  );

  app.get(
    '/api/v1/member/groups',
    {
      config: { permission: 'member.read', feature: audience },
      schema: { summary: 'The visitor groups the exhibition’s visitors registered through, with their counts (the list’s group filter)', tags, querystring: memberGroupsQuery, response: { 200: okSchema(z.array(memberGroup)) } },
    },
    async (request) => ok(await memberGroups(db, userOf(request), request.query.exhibitionId)),
  );

  app.post(
    '/api/v1/member/audit',
    {
      config: { permission: 'member.manage', feature: audience, featureExhibition: byFirstAuditId },
      schema: { summary: 'Approve (auditState 1, issuing the ticket) or reject (2, with a reason) pending registrations; all or none: another tenant’s id is a 404, a decided one a 409', tags, body: memberAuditBody, response: { 200: okSchema(memberAuditResult) } },
    },
    async (request) => {
      const items = await inTransaction(app, request, (ctx) => auditMembers(ctx, request.body));
      return ok({ decided: items.length, items });
    },
  );

  app.post(
    '/api/v1/member/export',
    {
      config: { permission: 'member.read', feature: audience },
      schema: { summary: "Export the exhibition's visitors (the list's filters) to .xlsx as a background job; answers the queued job (GET /api/v3/backgroundjob polls it, …/download fetches the file)", tags, body: memberExportBody, response: { 200: okSchema(jobSchema) } },
    },
    async (request) => {
      const p = userOf(request);
      const exh = await reachableExhibition(db, p, request.body.exhibitionId);
      const row = await createJob(db, shared, { ip: request.ip, lang: langOf(request) }, p, { type: JobType.MemberExport, exhibitionId: exh.id, hostId: exh.hostId, params: { filters: request.body.filters ?? {} } });
      return ok(toJobItem(row));
    },
  );

  // ---- customer service (calls.tsv 221–222); before /{id} so that "backstage" is never read as an id ----

  app.get(
    '/api/v1/member/backstage/customerservice/list',
    {
      config: { permission: 'customerService.read', feature: audience, featureExhibition: byExhibitor },
      schema: { summary: "An exhibitor's customer-service members: the exhibitor its own, the host its exhibitions' exhibitors'", tags: csTags, querystring: customerServiceListQuery, response: { 200: okSchema(z.array(customerServiceSchema)) } },
    },
    async (request) => ok(await customerServiceList(db, userOf(request), request.query.exhibitorId)),
  );

  app.post(
    '/api/v1/member/backstage/customerservice',
    {
      config: { permission: 'customerService.manage', feature: audience, featureExhibition: byExhibitor },
      schema: { summary: "Add a registered, approved visitor of the exhibitor's exhibition by mobile or e-mail (anyone else: 404 member)", tags: csTags, body: customerServiceAddBody, response: { 200: okSchema(customerServiceSchema) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => addCustomerService(ctx, request.body))),
  );

  app.delete(
    '/api/v1/member/backstage/customerservice/:hash',
    {
      config: { permission: 'customerService.manage', feature: audience, featureExhibition: byHash },
      schema: { summary: 'Remove a customer-service member (hash: its row id); the visitor stays registered', tags: csTags, params: customerServiceParams, response: { 200: okSchema(z.boolean()) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => removeCustomerService(ctx, request.params.hash))),
  );

  app.patch(
    '/api/v1/member/backstage/customerservice/:hash/email',
    {
      config: { permission: 'customerService.manage', feature: audience, featureExhibition: byHash },
      schema: { summary: "Change a customer-service member's e-mail (its login too); another account's: 4012 'E-mail already exists'", tags: csTags, params: customerServiceParams, body: memberEmailBody, response: { 200: okSchema(customerServiceSchema) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => updateCustomerServiceContact(ctx, request.params.hash, 'email', request.body.email))),
  );

  app.patch(
    '/api/v1/member/backstage/customerservice/:hash/phonenumber',
    {
      config: { permission: 'customerService.manage', feature: audience, featureExhibition: byHash },
      schema: { summary: "Change a customer-service member's mobile (its login too); another account's: 4011 'Mobile already exists'", tags: csTags, params: customerServiceParams, body: memberPhoneBody, response: { 200: okSchema(customerServiceSchema) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => updateCustomerServiceContact(ctx, request.params.hash, 'phoneNumber', request.body.phoneNumber))),
  );

  // ---- one member ----

  app.get(
    '/api/v1/member/:id',
    {
      config: { permission: 'member.read', feature: audience, featureExhibition: byMemberParam },
      schema: { summary: 'One visitor with its registration answers, labelled by the form it answered', tags, params: memberIdParams, response: { 200: okSchema(memberDetailSchema) } },
    },
    async (request) => ok(await memberDetail(db, userOf(request), request.params.id)),
  );

  app.patch(
    '/api/v1/member/:id',
    {
      config: { permission: 'member.manage', feature: audience, featureExhibition: byMemberParam },
      schema: { summary: "Blacklist a visitor (its sign-ins to the exhibition end; it can no longer sign in or register) or take it off the blacklist", tags, params: memberIdParams, body: memberPatchBody, response: { 200: okSchema(memberSchema) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => patchMember(ctx, request.params.id, request.body))),
  );

  app.patch(
    '/api/v1/member/:id/email',
    {
      config: { permission: 'member.manage', feature: audience, featureExhibition: byMemberParam },
      schema: { summary: "Change a visitor's e-mail (its login too); another account's: 4012 'E-mail already exists'", tags, params: memberIdParams, body: memberEmailBody, response: { 200: okSchema(memberSchema) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => updateMemberContact(ctx, request.params.id, 'email', request.body.email))),
  );

  app.patch(
    '/api/v1/member/:id/phonenumber',
    {
      config: { permission: 'member.manage', feature: audience, featureExhibition: byMemberParam },
      schema: { summary: "Change a visitor's mobile (its login too); another account's: 4011 'Mobile already exists'", tags, params: memberIdParams, body: memberPhoneBody, response: { 200: okSchema(memberSchema) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => updateMemberContact(ctx, request.params.id, 'phoneNumber', request.body.phoneNumber))),
  );
};
