import { z } from 'zod';
import { id, pageRequest } from './envelope.ts';

const when = z.iso.datetime({ offset: true });

export const host = z.object({
  id,
  name: z.string(),
  nameEn: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  ownerUserId: id.nullable(),
  contactName: z.string().nullish(),
  email: z.string().nullish(),
  createAt: when,
});
export type Host = z.infer<typeof host>;

/* The exhibition schemas live in exhibition.ts. */

export const company = z.object({
  id,
  name: z.string(),
  nameEn: z.string().nullable(),
  logo: z.string().nullable(),
  region: z.string().nullable(),
  address: z.string().nullable(),
});
export type Company = z.infer<typeof company>;

export const operationLog = z.object({
  id,
  userId: id.nullable(),
  userName: z.string().nullable(),
  role: z.number().int().nullable(),
  hostId: id.nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  createAt: when,
});
export type OperationLog = z.infer<typeof operationLog>;

export const operationLogQuery = pageRequest.extend({
  action: z.string().trim().max(100).optional(),
  targetType: z.string().trim().max(100).optional(),
  userId: id.optional(),
  targetId: z.string().trim().max(100).optional(),
  hostId: id.optional(),
  /** Inclusive range of the creation time. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const outboxMessage = z.object({
  id,
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  /** `sent`, `failed` (the driver refused it) or `noBalance` (SMS balance at 0: recorded, not sent). */
  status: z.string(),
  createAt: when,
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
