/** Role codes of part 1 §6. Any value other than 1 or 2 is treated as exhibitor. */
export const Role = { Exhibitor: 0, Host: 1, Admin: 2, Visitor: 3 } as const;
export type Role = (typeof Role)[keyof typeof Role];
export const normaliseRole = (value: unknown): Role =>
  value === 1 || value === '1' ? Role.Host : value === 2 || value === '2' ? Role.Admin : Role.Exhibitor;
