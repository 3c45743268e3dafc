import { and, isNull, type SQL } from 'drizzle-orm';
import type { UserPrincipal } from '../../auth/principal.ts';
import { ofExhibitorInExhibition } from '../../auth/scope.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { exhibitorEvaluation } from './tables.ts';

/** Reviews of the exhibitors the principal reaches: an exhibitor its own, a host its exhibitions'. Queries join `exhibitor`. */
export const exhibitorEvaluationScope = (p: UserPrincipal): SQL =>
  and(isNull(exhibitorEvaluation.deletedAt), isNull(exhibitor.deletedAt), ofExhibitorInExhibition(p, exhibitorEvaluation.exhibitorId, exhibitorEvaluation.exhibitionId))!;
