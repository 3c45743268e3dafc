import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { AuditState } from '@pavilion/contract';
import { company } from '../company/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { product } from '../product/tables.ts';

/**
 * What the visitor site may show of an exhibition: its live, shown, approved exhibitors, on the
 * exhibitor row alone. Lists and counts use this without joining `company`: a company that still
 * exhibits cannot be deleted (DELETE /api/company answers 4020), so a live exhibitor has a live company.
 */
export const publicExhibitorRows = (exhibitionId: string): SQL =>
  and(eq(exhibitor.exhibitionId, exhibitionId), isNull(exhibitor.deletedAt), eq(exhibitor.isShow, true), eq(exhibitor.auditState, AuditState.Approved))!;

/**
 * The same with its live company: anyone reads these without signing in, so this is the whole of the
 * public read's scope. Queries join `company`.
 */
export const publicExhibitors = (exhibitionId: string): SQL => and(publicExhibitorRows(exhibitionId), isNull(company.deletedAt))!;

/** The shown, approved products of those exhibitors. Queries join `exhibitor` and `company`. */
export const publicProducts = (exhibitionId: string): SQL =>
  and(publicExhibitors(exhibitionId), eq(product.exhibitionId, exhibitionId), isNull(product.deletedAt), eq(product.isShow, true), eq(product.auditState, AuditState.Approved))!;
