import { Role } from './roles.ts';

const anyone = [Role.Exhibitor, Role.Host, Role.Admin] as const;
const host = [Role.Host] as const;
const admin = [Role.Admin] as const;
const hostOrAdmin = [Role.Host, Role.Admin] as const;

/**
 * Every permission key (`resource.action`) and the roles that hold it. Routes declare one key;
 * the web reads the same list to hide menus and buttons. Tenancy (which records) is decided
 * separately, in the server's scope module.
 */
export const permissions = {
  'account.self': anyone,
  'account.setPassword': admin,
  'host.updatePhone': hostOrAdmin,
  'host.read': hostOrAdmin,
  'upload.create': anyone,
  'exhibition.read': anyone,
  'exhibition.query': hostOrAdmin,
  'company.read': anyone,
  'operationLog.read': hostOrAdmin,
  'outbox.read': admin,
  /** Action types, business types, product channels (the directory's reads are public). */
  'reference.read': anyone,
  /** Create, change and delete regions, countries, cities, action types and business types. */
  'reference.manage': admin,
  /** Product tags of an exhibition: the administrator's all, a host's own exhibitions', an exhibitor's own. */
  'productTag.read': anyone,
  'industry.read': anyone,
  'industry.manage': admin,
} as const satisfies Record<string, readonly Role[]>;

export type PermissionKey = keyof typeof permissions;

export const roleHas = (role: Role, key: PermissionKey): boolean =>
  (permissions[key] as readonly Role[]).includes(role);

export { host as hostRoles, admin as adminRoles };
