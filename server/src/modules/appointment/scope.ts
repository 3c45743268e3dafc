import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { UserPrincipal } from '../../auth/principal.ts';
import { ofExhibitorInExhibition } from '../../auth/scope.ts';
import { appointmentSlot, exhibitorAppointment } from './tables.ts';

/** Meetings the principal reaches: the administrator's all, a host's its exhibitions', an exhibitor's its own. */
export const appointmentScope = (p: UserPrincipal): SQL =>
  and(isNull(exhibitorAppointment.deletedAt), ofExhibitorInExhibition(p, exhibitorAppointment.exhibitorId, exhibitorAppointment.exhibitionId))!;

export const appointmentById = (p: UserPrincipal, id: string): SQL => and(appointmentScope(p), eq(exhibitorAppointment.id, id))!;

/** Offered times the principal reaches, by the same rule. */
export const slotScope = (p: UserPrincipal): SQL => and(isNull(appointmentSlot.deletedAt), ofExhibitorInExhibition(p, appointmentSlot.exhibitorId, appointmentSlot.exhibitionId))!;
