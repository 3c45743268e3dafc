/** What a page without zod may take from the contract at run time: constants and plain functions, no schema. */
export * from './errors.ts';
export * from './roles.ts';
export * from './login-rules.ts';
export * from './url-rule.ts';
export * from './audit-state.ts';
export * from './enquiry-limits.ts';
