import {
  APPOINTMENT_REQUESTS_PER_HOUR,
  appointment as appointmentSchema,
  appointmentAuditBody,
  appointmentExportBody,
  backgroundJob as jobSchema,
  JobType,
  Role,
  appointmentPatchBody,
  appointmentProposeBody,
  appointmentQuery,
  appointmentSlot as slotSchema,
  appointmentSlotCreateBody,
  appointmentSlotQuery,
  appointmentStaff,
  appointmentStaffBody,
  appointmentStaffQuery,
  cacheBuster,
  ErrorCode,
  expoAppointmentBody,
  expoAppointmentRespondBody,
  expoAppointmentSlot,
  idQuery,
  myAppointment,
  ok as okSchema,
  page,
} from '@pavilion/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exhibitionOfRequest, gatedBy, requestField } from '../../auth/feature-gate.ts';
import { userOf } from '../../auth/guard.ts';
import type { WriteContext } from '../../core/write.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { enforceLimits } from '../../infra/rate-limit.ts';
import { checkText } from '../../sensitive/check.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { langOf } from '../../http/i18n.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import { createJob, toJobItem } from '../backgroundjob/service.ts';
import type { AppointmentExportParams } from './export.ts';
import { exhibitionOfExhibitor } from '../exhibitor/service.ts';
import { publicExpoLimit } from '../expo/routes.ts';
import { effectiveKeys } from '../version/service.ts';
import { icsCalendar } from './ics.ts';
import {
  appointmentClash,
  appointmentPage,
  assignStaff,
  createSlots,
  decideAppointment,
  deleteSlot,
  exhibitionOfAppointment,
  exhibitionOfSlot,
  exhibitorOfSlot,
  findAppointment,
  freeSlots,
  icsOfStaff,
  icsOfVisitor,
  icsSource,
  myAppointments,
  patchAppointment,
  proposeTime,
  removeAppointment,
  requestAppointment,
  respondToProposal,
  slotPage,
  staffList,
  visitorCancel,
} from './service.ts';

const FEATURE = 'appointment' as const;

/**
 * Appointments (预约洽谈, issue 15 part 2, docs/matching.md "Appointments"): the exhibitor's and host's requests and
 * offered times (`/api/v3/exhibitorappointment…`, the spec's paths) and the visitor site's booking, gated by the feature
 * key `appointment`.
 */
export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, shared } = app.deps;
  const tags = ['appointment'];
  const base = '/api/v3/exhibitorappointment';
  const field = requestField;
  const gate = gatedBy(FEATURE);
  const byAppointment = (where: 'query' | 'body', name: string) => gate((id) => exhibitionOfAppointment(db, id), field(where, name));
  const bySlot = gate((id) => exhibitionOfSlot(db, id), field('query', 'id'));
  const byFilter = {
    feature: FEATURE,
    featureExhibition: async (r: FastifyRequest) => {
      const b = (r.body ?? {}) as Record<string, unknown>;
      if (typeof b.exhibitionId === 'string') return b.exhibitionId;
      if (typeof b.exhibitorId === 'string') return exhibitionOfExhibitor(db, b.exhibitorId);
      return exhibitionOfRequest(r);
    },
  };
  /** One transaction; the two unique indexes' clashes are this module's 409s (never a 500). */
  const write = async <T>(request: FastifyRequest, work: (ctx: WriteContext) => Promise<T>): Promise<T> => {
    try {
      return await db.transaction((tx) => work({ tx, principal: userOf(request), actor: actorOf(request) }));
    } catch (err) {
      throw appointmentClash(err);
    }
  };
  const sendIcs = (reply: FastifyReply, row: Awaited<ReturnType<typeof icsSource>>) => {
    const { a } = row;
    const location = [row.boothArea, row.boothInfo].filter(Boolean).join(' ') || null;
    const description = [a.message, row.staffName ? `${row.staffName}` : null].filter(Boolean).join('\n') || null;
    const text = icsCalendar({
      uid: `${a.id}@pavilion`,
      start: a.startAt,
      end: a.endAt,
      stamp: a.updatedAt,
      summary: `${a.subject} · ${row.companyName}`,
      description,
      location,
      organizer: { name: row.companyName, email: row.companyEmail },
      cancelled: a.state === 'cancelled' || a.state === 'declined',
    });
    return reply.type('text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="appointment-${a.id}.ics"`).send(text);
  };

  /* ---- requests (paths of the spec) ---- */

  app.post(
    `${base}/page`,
    {
      config: { permission: 'appointment.read', ...byFilter },
      schema: {
        summary: 'A page of meeting requests, latest start first: an exhibitor’s own, a host’s exhibitions’. Filters exhibitionId, exhibitorId, state, staffId, from/to (start). The visitor’s contact only when it shared it',
        tags,
        body: appointmentQuery,
        response: { 200: okSchema(page(appointmentSchema)) },
      },
    },
    async (request) => {
      const { pageIndex, pageSize, ...filter } = request.body;
      return ok(await appointmentPage(db, userOf(request), filter, { pageIndex, pageSize }));
    },
  );

  app.post(
    `${base}/export`,
    {
      config: { permission: 'appointment.export', ...byFilter },
      schema: {
        summary: "Export the meetings of the page's filters to .xlsx as a background job (an exhibitor's: its own only; the visitor's contact only where shared); answers the queued job, read and downloaded through /api/v3/backgroundjob",
        tags,
        body: appointmentExportBody,
        response: { 200: okSchema(jobSchema) },
      },
    },
    async (request) => {
      const p = userOf(request);
      const mine = p.role === Role.Exhibitor;
      const exhibitionId = mine ? p.exhibitionId : request.body.exhibitionId;
      if (!exhibitionId || (mine && !p.exhibitorId)) throw fieldError('exhibitionId', 'required');
      const exh = await reachableExhibition(db, p, exhibitionId);
      const { exhibitionId: _e, exhibitorId, ...filters } = request.body;
      const params: AppointmentExportParams = { exhibitionId, exhibitorId: mine ? p.exhibitorId : (exhibitorId ?? null), filters };
      const row = await createJob(db, shared, { ip: request.ip, lang: langOf(request) }, p, { type: JobType.AppointmentExport, exhibitionId, hostId: exh.hostId, params });
      return ok(toJobItem(row));
    },
  );

  app.post(
    `${base}/audit`,
    {
      config: { permission: 'appointment.write', ...byAppointment('body', 'id') },
      schema: {
        summary:
          'Accept or decline a pending (or proposed) request; the visitor is told by SMS. Accepting needs a staff member (the assigned one, else the slot’s; 400 4159 without); the same staff member accepted twice at one start time is 409 4156. Another state is 409 4158',
        tags,
        body: appointmentAuditBody,
        response: { 200: okSchema(appointmentSchema) },
      },
    },
    async (request) => {
      await write(request, (ctx) => decideAppointment(ctx, app.deps, request.body));
      return ok(await findAppointment(db, userOf(request), request.body.id));
    },
  );

  app.post(
    `${base}/setcompanyusersid`,
    {
      config: { permission: 'appointment.write', ...byAppointment('body', 'id') },
      schema: {
        summary: 'Assign the staff member (company_staff of the exhibitor’s company, /api/staff) who takes the meeting; another company’s is 400 naming companyUsersId; one already booked at that time is 409 4156',
        tags,
        body: appointmentStaffBody,
        response: { 200: okSchema(appointmentSchema) },
      },
    },
    async (request) => {
      await write(request, (ctx) => assignStaff(ctx, request.body.id, request.body.companyUsersId));
      return ok(await findAppointment(db, userOf(request), request.body.id));
    },
  );

  app.put(
    `${base}/patch`,
    {
      config: { permission: 'appointment.write', ...byAppointment('query', 'id') },
      schema: {
        summary: 'Propose another time (state proposed, the visitor is told by SMS); the visitor accepts it (the meeting moves there) or declines. A message goes with it',
        tags,
        querystring: idQuery,
        body: appointmentProposeBody,
        response: { 200: okSchema(appointmentSchema) },
      },
    },
    async (request) => {
      await write(request, (ctx) => proposeTime(ctx, app.deps, request.query.id, request.body));
      return ok(await findAppointment(db, userOf(request), request.query.id));
    },
  );

  app.patch(
    base,
    {
      config: { permission: 'appointment.write', ...byAppointment('query', 'id') },
      schema: {
        summary:
          'Edit a live meeting’s subject, notes (message) or time (startAt/endAt), exhibitor or host; a meeting moved off its offered time frees that slot. A declined or cancelled one is 409 4158; the staff member booked at the new time is 409 4156',
        tags,
        querystring: idQuery,
        body: appointmentPatchBody,
        response: { 200: okSchema(appointmentSchema) },
      },
    },
    async (request) => {
      await write(request, (ctx) => patchAppointment(ctx, request.query.id, request.body));
      return ok(await findAppointment(db, userOf(request), request.query.id));
    },
  );

  app.delete(
    base,
    {
      config: { permission: 'appointment.write', ...byAppointment('query', 'id') },
      schema: { summary: 'Cancel and remove a meeting (soft); its slot is free again and the visitor is told by SMS', tags, querystring: idQuery, response: { 200: okSchema(z.boolean()) } },
    },
    async (request) => {
      await write(request, (ctx) => removeAppointment(ctx, app.deps, request.query.id));
      return ok(true);
    },
  );

  app.get(
    `${base}/ics`,
    {
      config: { permission: 'appointment.read', ...byAppointment('query', 'id') },
      schema: { summary: 'The meeting as an iCalendar file (text/calendar; UTC times, the booth as LOCATION, the company as ORGANIZER)', tags, querystring: idQuery.extend(cacheBuster.shape) },
    },
    async (request, reply) => sendIcs(reply, await icsSource(db, icsOfStaff(userOf(request), request.query.id))),
  );

  app.get(
    `${base}/staff`,
    {
      config: { permission: 'appointment.read', feature: FEATURE, featureExhibition: async (r: FastifyRequest) => { const id = (r.query as { exhibitorId?: string }).exhibitorId; return id ? exhibitionOfExhibitor(db, id) : exhibitionOfRequest(r); } },
      schema: { summary: 'Who may take the exhibitor’s meetings: the staff of its company (/api/staff), the default contact first. The host names exhibitorId', tags, querystring: appointmentStaffQuery, response: { 200: okSchema(z.array(appointmentStaff)) } },
    },
    async (request) => ok(await staffList(db, userOf(request), request.query.exhibitorId)),
  );

  /* ---- offered times (ours) ---- */

  app.post(
    `${base}/slot/page`,
    {
      config: { permission: 'appointment.read', ...byFilter },
      schema: { summary: 'A page of offered times, earliest first, each with whether a request holds it. Filters exhibitionId, exhibitorId, from/to', tags, body: appointmentSlotQuery, response: { 200: okSchema(page(slotSchema)) } },
    },
    async (request) => {
      const { pageIndex, pageSize, ...filter } = request.body;
      return ok(await slotPage(db, userOf(request), filter, { pageIndex, pageSize }));
    },
  );

  app.post(
    `${base}/slot`,
    {
      config: { permission: 'appointment.write', ...byFilter },
      schema: {
        summary: 'Offer times: on date, from `from` to `to` (wall clock at utcOffset minutes east of UTC), one slot every `length` minutes, optionally with the staff member who takes them. The host names exhibitorId. At most 100 a batch; a past start is 400',
        tags,
        body: appointmentSlotCreateBody,
        response: { 200: okSchema(z.array(slotSchema)) },
      },
    },
    async (request) => ok(await write(request, (ctx) => createSlots(ctx, request.body))),
  );

  app.delete(
    `${base}/slot`,
    { config: { permission: 'appointment.write', ...bySlot }, schema: { summary: 'Withdraw an offered time (soft); one a request holds is 409 4160', tags, querystring: idQuery, response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await write(request, (ctx) => deleteSlot(ctx, request.query.id));
      return ok(true);
    },
  );

  /* ---- the visitor site ---- */

  const expo = '/api/v1/expo/:exhibitionId';
  const params = z.object({ exhibitionId: z.uuid() });
  const mineParams = params.extend({ id: z.uuid() });
  const visitorGate = { permission: 'visitor.appointment' as const, feature: FEATURE, featureExhibition: (r: { params: unknown }) => (r.params as { exhibitionId: string }).exhibitionId };

  app.get(
    `${expo}/exhibitors/:exhibitorId/slots`,
    {
      config: { public: true },
      schema: {
        summary: `The exhibitor’s free future times, to anyone (the booth page shows the button by them): none while it takes no requests; 403 4019 when the exhibition lacks the feature; ${publicExpoLimit('').limit} calls a minute per address (shared with the other expo reads)`,
        tags,
        params: params.extend({ exhibitorId: z.uuid() }),
        querystring: cacheBuster,
        response: { 200: okSchema(z.array(expoAppointmentSlot)) },
      },
    },
    async (request) => {
      await enforceLimits(shared, [publicExpoLimit(request.ip)]);
      const { exhibitionId, exhibitorId } = request.params;
      if (!(await effectiveKeys(db, exhibitionId)).includes(FEATURE)) throw new AppError(ErrorCode.FeatureNotEnabled, { detail: FEATURE });
      return ok(await freeSlots(db, exhibitionId, exhibitorId));
    },
  );

  app.post(
    `${expo}/appointments`,
    {
      config: visitorGate,
      schema: {
        summary: `An approved visitor requests a free time: of two at once one wins, the other is 409 4155; a past time 400 4161; an exhibitor taking no requests 403 4157; sensitive words 4026; ${APPOINTMENT_REQUESTS_PER_HOUR} an hour per exhibitor (429). The exhibitor is told`,
        tags,
        params,
        body: expoAppointmentBody,
        response: { 200: okSchema(myAppointment) },
      },
    },
    async (request) => {
      const p = userOf(request);
      const { exhibitionId } = request.params;
      const exhibitorId = await exhibitorOfSlot(db, exhibitionId, request.body.slotId);
      await enforceLimits(shared, [{ key: `appointment:${p.userId}:${exhibitorId}`, limit: APPOINTMENT_REQUESTS_PER_HOUR, windowSeconds: 3600 }]);
      const words = await checkText(app.deps, { subject: request.body.subject, message: request.body.message || undefined });
      const body = { ...request.body, subject: words.subject!, ...(words.message ? { message: words.message } : {}) };
      const id = await write(request, (ctx) => requestAppointment(ctx.tx, app.deps.messenger, p, exhibitionId, body));
      return ok((await myAppointments(db, p, exhibitionId, id))[0]!);
    },
  );

  app.get(
    `${expo}/appointments/mine`,
    { config: visitorGate, schema: { summary: 'The visitor’s own requests in the exhibition, latest first', tags, params, querystring: cacheBuster, response: { 200: okSchema(z.array(myAppointment)) } } },
    async (request) => ok(await myAppointments(db, userOf(request), request.params.exhibitionId)),
  );

  app.post(
    `${expo}/appointments/:id/respond`,
    {
      config: visitorGate,
      schema: {
        summary: 'Answer the exhibitor’s proposal: accept moves the meeting to the proposed time (accepted), no declines it; not proposed is 409 4158',
        tags,
        params: mineParams,
        body: expoAppointmentRespondBody,
        response: { 200: okSchema(myAppointment) },
      },
    },
    async (request) => {
      const { exhibitionId, id } = request.params;
      await write(request, (ctx) => respondToProposal(ctx.tx, ctx.principal, exhibitionId, id, request.body.accept));
      return ok((await myAppointments(db, userOf(request), exhibitionId, id))[0]!);
    },
  );

  app.post(
    `${expo}/appointments/:id/cancel`,
    { config: visitorGate, schema: { summary: 'The visitor cancels its own request; its time is free again', tags, params: mineParams, response: { 200: okSchema(myAppointment) } } },
    async (request) => {
      const { exhibitionId, id } = request.params;
      await write(request, (ctx) => visitorCancel(ctx.tx, ctx.principal, exhibitionId, id));
      return ok((await myAppointments(db, userOf(request), exhibitionId, id))[0]!);
    },
  );

  app.get(
    `${expo}/appointments/:id/ics`,
    { config: visitorGate, schema: { summary: 'The visitor’s meeting as an iCalendar file (text/calendar)', tags, params: mineParams, querystring: cacheBuster } },
    async (request, reply) => sendIcs(reply, await icsSource(db, icsOfVisitor(userOf(request), request.params.exhibitionId, request.params.id))),
  );
};
