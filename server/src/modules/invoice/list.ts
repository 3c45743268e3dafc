import { and, asc, count, eq, ilike, isNull, ne, or } from 'drizzle-orm';
import { AuditState, toPage, type ExhibitorInvoice, type invoiceListQuery, type Page } from '@pavilion/contract';
import type { z } from 'zod';
import type { UserPrincipal } from '../../auth/principal.ts';
import { exhibitorScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { company } from '../company/tables.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { companyInvoice } from './tables.ts';
import { containing } from '../../db/like.ts';


/**
 * The invoices of one exhibition's exhibitors (admin/invoice), by booth order: the exhibition must be
 * the principal's (404 otherwise), exhibitors are scoped before the filters, drafts never listed.
 */
export async function invoicePage(db: Executor, p: UserPrincipal, q: z.infer<typeof invoiceListQuery>): Promise<Page<ExhibitorInvoice>> {
  await reachableExhibition(db, p, q.exhibitionId);
  const like = q.keyword ? containing(q.keyword) : null;
  const where = and(
    exhibitorScope(p),
    eq(exhibitor.exhibitionId, q.exhibitionId),
    ne(exhibitor.auditState, AuditState.Draft),
    isNull(company.deletedAt),
    q.type ? eq(companyInvoice.type, q.type) : undefined,
    like ? or(ilike(company.name, like), ilike(company.nameEn, like), ilike(companyInvoice.title, like), ilike(companyInvoice.taxNo, like)) : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(exhibitor)
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .innerJoin(companyInvoice, eq(companyInvoice.companyId, company.id))
    .where(where);
  const rows = total
    ? await db
        .select({ invoice: companyInvoice, exhibitorId: exhibitor.id, companyName: company.name, boothInfo: exhibitor.boothInfo })
        .from(exhibitor)
        .innerJoin(company, eq(company.id, exhibitor.companyId))
        .innerJoin(companyInvoice, eq(companyInvoice.companyId, company.id))
        .where(where)
        .orderBy(asc(exhibitor.showIndex), asc(company.name), asc(exhibitor.id))
        .limit(q.pageSize)
        .offset((q.pageIndex - 1) * q.pageSize)
    : [];
  return toPage(
    rows.map(({ invoice: r, exhibitorId, companyName, boothInfo }) => ({
      id: r.id,
      compId: r.companyId,
      exhibitorId,
      companyName,
      boothInfo,
      type: r.type as ExhibitorInvoice['type'],
      title: r.title,
      taxNo: r.taxNo,
      bankName: r.bankName,
      bankAccount: r.bankAccount,
      address: r.address,
      phone: r.phone,
      receiverName: r.receiverName,
      receiverPhone: r.receiverPhone,
      receiverEmail: r.receiverEmail,
      receiverAddress: r.receiverAddress,
      remark: r.remark,
      updateAt: r.updatedAt.toISOString(),
    })),
    total,
    q,
  );
}
