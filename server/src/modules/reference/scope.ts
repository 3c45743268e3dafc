import { and, isNull, type SQL } from 'drizzle-orm';
import type { UserPrincipal } from '../../auth/principal.ts';
import { ofExhibition } from '../../auth/scope.ts';
import { productTag } from './tables.ts';

/** Product tags belong to an exhibition: the administrator's all, a host's exhibitions', an exhibitor's own exhibition's. */
export const productTagScope = (p: UserPrincipal): SQL => and(isNull(productTag.deletedAt), ofExhibition(p, productTag.exhibitionId))!;
