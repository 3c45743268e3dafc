import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { AuditState, Role } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import { ofExhibitorInExhibition } from '../../auth/scope.ts';
import { enquiry } from './tables.ts';

/**
 * Enquiries the principal reaches: the administrator's all; a host's, every enquiry of its exhibitions (pending and
 * rejected ones too, for the audit); an exhibitor's, its own once approved (a pending one is the host's to decide).
 */
export const enquiryScope = (p: UserPrincipal): SQL =>
  and(
    isNull(enquiry.deletedAt),
    ofExhibitorInExhibition(p, enquiry.exhibitorId, enquiry.exhibitionId),
    p.role === Role.Exhibitor ? eq(enquiry.auditState, AuditState.Approved) : undefined,
  )!;
