/** Companies, their logins and their joins (exhibitors) are core tables (server/src/core/tables.ts). */
export { company, companyUser, exhibitor } from '../../core/tables.ts';
