import { auditFields, auditTypes, type AuditFieldSpec } from '@pavilion/contract';
import { describe, expect, it } from 'vitest';
import { en } from '../../../i18n/en.ts';
import { zhCN } from '../../../i18n/zh-CN.ts';

describe('the audit detail labels', () => {
  it('name every field (and every field of a list) the contract describes for an audited type, in both languages', () => {
    for (const type of auditTypes)
      for (const field of auditFields[type] as readonly AuditFieldSpec[])
        for (const key of [field.key, ...(field.items ?? [])]) {
          expect(zhCN.audit.field, `${type}.${key}`).toHaveProperty(key);
          expect(en.audit.field, `${type}.${key}`).toHaveProperty(key);
        }
  });
});
