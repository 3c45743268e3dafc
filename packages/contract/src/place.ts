import { z } from 'zod';
import { requiredUrl } from './url.ts';
import { phoneNumber } from './auth.ts';
import { auditedFields, auditState } from './audit.ts';
import { cacheBuster, id, pageRequest } from './envelope.ts';
import { isHostQuery } from './exhibitor-services.ts';

/**
 * Booth build-up data (展位搭建信息, issue 3 "place"): what an exhibitor tells the host about how its
 * stand will be built. One current record per exhibitor (join), audited as type `place`. The booth
 * codes and area themselves are the exhibitor record's `boothInfo` / `boothArea` (assigned by the
 * host), answered here read-only. See docs/place.md.
 */

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullish();

/** Standard booth (标准展位, shell scheme built by the show) or raw space (光地, built by the exhibitor's contractor). */
export const boothTypes = ['standard', 'raw'] as const;
export const boothType = z.enum(boothTypes);
export type BoothType = z.infer<typeof boothType>;

/** A design drawing: a file from `POST /api/v1/file` or `/api/upload/images` (our `/uploads/…` path or an http(s) address). */
export const placeDrawing = z.object({
  url: requiredUrl(2000),
  name: text(200).min(1),
});
export type PlaceDrawing = z.infer<typeof placeDrawing>;
export const MAX_PLACE_DRAWINGS = 10;

/** What the exhibitor (or the host for it) fills in. A raw space needs its contractor and at least one drawing (server rule). */
export const placeContent = z.object({
  boothType,
  /** The construction contractor (搭建商) company. */
  contractorName: optText(200),
  contractorContact: optText(50),
  contractorPhone: phoneNumber.nullish(),
  /** The exhibitor's own person on site during build-up and the show (现场负责人). */
  siteManager: optText(50),
  siteManagerPhone: phoneNumber.nullish(),
  /** Electrical power needed, kW. */
  powerKw: z.number().min(0).max(10_000).nullish(),
  /** Build-up and tear-down notes (进撤场说明: times, heavy items, hanging points …). */
  remark: optText(2000),
  drawings: z.array(placeDrawing).max(MAX_PLACE_DRAWINGS).default([]),
});
export type PlaceContent = z.infer<typeof placeContent>;

/** The stored record with its audit state (null on the exhibitor's answer until it was first saved). */
export const placeRecord = z.object({
  id,
  boothType,
  contractorName: z.string().nullable(),
  contractorContact: z.string().nullable(),
  contractorPhone: z.string().nullable(),
  siteManager: z.string().nullable(),
  siteManagerPhone: z.string().nullable(),
  powerKw: z.number().nullable(),
  remark: z.string().nullable(),
  drawings: z.array(placeDrawing),
  ...auditedFields,
  createAt: when,
  updateAt: when,
});
export type PlaceRecord = z.infer<typeof placeRecord>;

/** One exhibitor with its assigned booth (read-only here) and its build-up data, or `place: null` (not submitted). */
export const exhibitorPlace = z.object({
  exhibitorId: id,
  exhibitionId: id,
  compId: id,
  companyName: z.string(),
  companyNameEn: z.string().nullable(),
  boothInfo: z.string().nullable(),
  boothArea: z.string().nullable(),
  place: placeRecord.nullable(),
});
export type ExhibitorPlace = z.infer<typeof exhibitorPlace>;

/** `GET /api/v3/exhibitorplace?exhibitorId` (an exhibitor may leave it out: its own). */
export const placeGetQuery = z.object({ exhibitorId: id.optional() }).extend(cacheBuster.shape);
/** `PUT /api/v3/exhibitorplace?exhibitorId&isHost`: replaces the record (absent fields are cleared). */
export const placePutQuery = z.object({ exhibitorId: id.optional() }).extend(isHostQuery.shape);
export const placePutBody = placeContent;

const booleanish = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');
/** `POST /api/v3/exhibitorplace/query`: every exhibitor of the exhibition, with or without build-up data. */
export const placeQuery = pageRequest.extend({
  exhibitionId: id.optional(),
  /** Company name (Chinese or English), booth code or contractor, part. */
  keyword: text(100).optional(),
  /** The build-up data's state; implies `hasPlace`. */
  auditState: auditState.optional(),
  boothType: boothType.optional(),
  /** Submitted (true) or not yet (false). */
  hasPlace: booleanish.optional(),
});
export type PlaceQuery = z.input<typeof placeQuery>;
