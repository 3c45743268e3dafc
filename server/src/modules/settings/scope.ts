import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { Role } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import { exhibitionScope, exhibitorScope, nothing } from '../../auth/scope.ts';
import { exhibition, exhibitor } from '../../core/tables.ts';
import { setting } from './tables.ts';

/**
 * Settings rows: by the tenant resolved from their scope. An exhibitor reads its exhibition's rows
 * and its own; rows of no tenant (platform-wide) are readable by everyone, written by the administrator.
 */
export function settingScope(p: UserPrincipal, purpose: 'read' | 'write'): SQL {
  if (p.role === Role.Admin) return sql`true`;
  const global = and(isNull(setting.hostId), isNull(setting.exhibitionId), isNull(setting.exhibitorId));
  if (p.role === Role.Host) {
    if (!p.hostIds.length) return purpose === 'read' ? global! : nothing;
    const own = sql`(${inArray(setting.hostId, p.hostIds)} or ${setting.exhibitionId} in (select ${exhibition.id} from ${exhibition} where ${exhibitionScope(p)}) or ${setting.exhibitorId} in (select ${exhibitor.id} from ${exhibitor} where ${exhibitorScope(p)}))`;
    return purpose === 'read' ? sql`(${global} or ${own})` : own;
  }
  const mine = p.exhibitorId ? eq(setting.exhibitorId, p.exhibitorId) : nothing;
  if (purpose === 'write') return mine;
  const ofExh = p.exhibitionId ? and(eq(setting.exhibitionId, p.exhibitionId), isNull(setting.exhibitorId)) : nothing;
  return sql`(${global} or ${mine} or ${ofExh})`;
}
