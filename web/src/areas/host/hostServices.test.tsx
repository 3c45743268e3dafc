import { render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { brandQueryOf, BrandWindow } from './Brand.tsx';
import { brandTopicBody } from './BrandEdit.tsx';
import { CorrectionChanges, correctionQueryOf } from './Correction.tsx';
import { invoiceQueryOf } from './Invoice.tsx';
import { invoiceFields } from './InvoiceEdit.tsx';
import { journalQueryOf } from './Periodical.tsx';

const t = i18n.t.bind(i18n) as (key: string, o?: Record<string, unknown>) => string;

describe('host service lists: search form → contract query', () => {
  it('maps each list’s filters, leaving empty ones out', () => {
    expect(journalQueryOf('x', { companyName: '云展', auditState: '0' })).toEqual({ exhibitionId: 'x', companyName: '云展', auditState: 0 });
    expect(journalQueryOf('x', {})).toEqual({ exhibitionId: 'x', companyName: undefined, auditState: undefined });
    expect(brandQueryOf('x', { company: '智造', pTopic: '品牌馆' })).toEqual({ exhibitionId: 'x', hasBrandTopic: true, companyName: '智造', pTopic: '品牌馆' });
    expect(invoiceQueryOf('x', { $keyword: '9133', type: 'special' })).toEqual({ exhibitionId: 'x', keyword: '9133', type: 'special' });
    expect(invoiceQueryOf('x', { type: 'gold' })).toEqual({ exhibitionId: 'x', keyword: undefined, type: undefined });
    expect(correctionQueryOf('x', { auditState: '2' })).toEqual({ exhibitionId: 'x', auditState: 2 });
  });
});

describe('brand topic', () => {
  it('turns the form into SetBrandTopic’s body: trimmed topic, open window sides as null, standard type by default', () => {
    const start = dayjs('2026-05-01T00:00:00.000Z');
    expect(brandTopicBody('e1', { pTopic: ' 品牌馆 ', window: [start, null] })).toEqual({ id: 'e1', pTopic: '品牌馆', pTopicStart: '2026-05-01T00:00:00.000Z', pTopicEnd: null, pTopicType: 0 });
    expect(brandTopicBody('e1', { pTopic: 'A', pTopicType: 1 })).toMatchObject({ pTopicStart: null, pTopicEnd: null, pTopicType: 1 });
  });

  it('shows the window, or “always” without one', () => {
    const { container, rerender } = render(<BrandWindow row={{ pTopicStart: null, pTopicEnd: null }} />);
    expect(screen.getByText('长期')).toBeInTheDocument();
    rerender(<BrandWindow row={{ pTopicStart: null, pTopicEnd: '2026-05-03T09:00:00.000Z' }} />);
    expect(container.textContent).toMatch(/^… 至 2026-05-03/);
  });
});

describe('correction changes', () => {
  it('shows each field with its old and new value, an empty old value as a dash', () => {
    render(<CorrectionChanges row={{ id: 'c1', changes: { boothInfo: 'B2-01', nameEn: 'New Ltd.' }, before: { boothInfo: 'A1-01', nameEn: null } }} />);
    const box = screen.getByTestId('changes-c1');
    expect(box).toHaveTextContent('展位号 A1-01 → B2-01');
    expect(box).toHaveTextContent('英文名称 — → New Ltd.');
  });
});

describe('invoice form', () => {
  const validator = (name: string) => {
    const field = invoiceFields((label) => t('form.required', { label }), (key) => t(key)).find((f) => f.name === name)!;
    const rule = field.rules?.[0];
    return (type: string, value: string) => {
      const made = typeof rule === 'function' ? rule({ getFieldValue: () => type } as never) : rule;
      return (made as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, value);
    };
  };

  it('asks for the bank and registered details only for a special VAT invoice', async () => {
    await expect(validator('bankName')('special', '')).rejects.toThrow('请输入开户银行');
    await expect(validator('bankName')('special', '工商银行')).resolves.toBeUndefined();
    await expect(validator('phone')('normal', '')).resolves.toBeUndefined();
    expect(invoiceFields((l) => l, (k) => k).find((f) => f.name === 'title')?.rules).toBeUndefined();
  });
});
