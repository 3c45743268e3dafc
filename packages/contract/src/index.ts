export * from './errors.ts';
export * from './envelope.ts';
export * from './roles.ts';
export * from './permissions.ts';
export * from './auth.ts';
export * from './config.ts';
export * from './domain.ts';
export * from './reference.ts';
