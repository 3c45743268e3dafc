import { and, isNull, type SQL } from 'drizzle-orm';
import type { UserPrincipal } from '../../auth/principal.ts';
import { ofExhibition, ofExhibitorInExhibition } from '../../auth/scope.ts';
import { topic, topicApplication } from './tables.ts';

/** Topics the principal reaches: the administrator's all, a host's its exhibitions', an exhibitor's its exhibition's. */
export const topicScope = (p: UserPrincipal): SQL => and(isNull(topic.deletedAt), ofExhibition(p, topic.exhibitionId))!;

/** Applications: the administrator's all, a host's its exhibitions', an exhibitor's its own. */
export const applicationScope = (p: UserPrincipal): SQL =>
  and(isNull(topicApplication.deletedAt), ofExhibitorInExhibition(p, topicApplication.exhibitorId, topicApplication.exhibitionId))!;
