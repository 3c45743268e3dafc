/** The audit states (docs/api.md "Audit"), apart from the schemas so that a page without zod can read them (light.ts). */
export const AuditState = { Draft: -3, Pending: 0, Approved: 1, Rejected: 2 } as const;
export type AuditState = (typeof AuditState)[keyof typeof AuditState];
