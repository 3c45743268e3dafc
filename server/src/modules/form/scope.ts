import { and, eq, sql, type SQL } from 'drizzle-orm';
import { Role } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import { exhibitionScope } from '../../auth/scope.ts';
import { exhibition } from '../../core/tables.ts';
import { formWrite } from './tables.ts';

/** Form answers: the administrator all, a host its exhibitions' visitors', any other user only its own. */
export function formWriteScope(p: UserPrincipal): SQL {
  if (p.role === Role.Admin) return sql`true`;
  if (p.role === Role.Host) return sql`${formWrite.exhibitionId} in (select ${exhibition.id} from ${exhibition} where ${exhibitionScope(p)})`;
  // A visitor's token is bound to one exhibition: its answers there only.
  if (p.role === Role.Visitor) return p.exhibitionId ? and(eq(formWrite.userId, p.userId), eq(formWrite.exhibitionId, p.exhibitionId))! : sql`false`;
  return eq(formWrite.userId, p.userId);
}
