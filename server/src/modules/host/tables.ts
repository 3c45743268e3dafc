/** Hosts and their logins are core tables (server/src/core/tables.ts); re-exported where this module's code names them. */
export { host, hostInUser } from '../../core/tables.ts';
