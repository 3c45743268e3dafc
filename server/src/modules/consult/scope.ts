import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { UserPrincipal } from '../../auth/principal.ts';
import { ofExhibition } from '../../auth/scope.ts';
import { consult } from './tables.ts';

/** Questions the principal reaches: the administrator's all; a host's, every question of its exhibitions. */
export const consultScope = (p: UserPrincipal): SQL => and(isNull(consult.deletedAt), ofExhibition(p, consult.exhibitionId))!;

export const consultById = (p: UserPrincipal, id: string): SQL => and(consultScope(p), eq(consult.id, id))!;
