export * from '../modules/account/tables.ts';
export * from '../modules/verification/tables.ts';
export * from '../modules/host/tables.ts';
export * from '../modules/exhibition/tables.ts';
export * from '../modules/company/tables.ts';
export * from '../oplog/tables.ts';
export * from '../messaging/tables.ts';
export * from '../storage/tables.ts';
