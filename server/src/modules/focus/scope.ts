import { and, isNull, type SQL } from 'drizzle-orm';
import type { UserPrincipal } from '../../auth/principal.ts';
import { ofExhibitorInExhibition } from '../../auth/scope.ts';
import { focusApplication } from './tables.ts';

/** Focus applications: the administrator's all, a host's its exhibitions', an exhibitor's its own. */
export const focusScope = (p: UserPrincipal): SQL => and(isNull(focusApplication.deletedAt), ofExhibitorInExhibition(p, focusApplication.exhibitorId, focusApplication.exhibitionId))!;
