import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { companyPhoneRules } from './CompanyProfile.tsx';

const check = (value: unknown) => (companyPhoneRules[0] as RuleObject).validator!({} as never, value, () => undefined);

describe('the company profile phone', () => {
  it('accepts a mobile number, an international one and a landline as the server does', async () => {
    for (const phone of ['13957188886', '+447911123456', '0571-88886666', '+86 (21) 5555 0000', '']) await expect(check(phone)).resolves.toBeUndefined();
  });

  it('refuses what the server refuses', async () => {
    for (const phone of ['call me', '12', '0571-8888-6666 ext. 3']) await expect(check(phone)).rejects.toThrow();
  });
});
