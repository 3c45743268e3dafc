import { normaliseRole, Role } from '@pavilion/contract';
import type { MessageKey } from '../../i18n/index.ts';

export const roleLabel = (role: number | null | undefined): MessageKey => {
  const r = normaliseRole(role);
  return r === Role.Host ? 'role.host' : r === Role.Admin ? 'role.admin' : 'role.exhibitor';
};
