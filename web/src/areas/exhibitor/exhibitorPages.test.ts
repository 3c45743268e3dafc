import { describe, expect, it } from 'vitest';
import { auditView } from './auditView.ts';
import { invoiceChanges } from './invoiceForm.ts';

describe('auditView', () => {
  it('maps every state to its label and shows the hint only for pending and rejected', () => {
    expect(auditView(-3)).toMatchObject({ label: 'exPages.audit.-3', alert: null });
    expect(auditView(0)).toMatchObject({ label: 'exPages.audit.0', alert: 'info', hint: 'exPages.pendingHint' });
    expect(auditView(1)).toMatchObject({ label: 'exPages.audit.1', alert: null });
    expect(auditView(2)).toMatchObject({ label: 'exPages.audit.2', alert: 'error', hint: 'exPages.rejectedHint' });
    expect(auditView(null).label).toBe('exPages.audit.none');
  });
});

describe('invoiceChanges', () => {
  const current = { id: null, compId: 'c', type: 'normal', title: 'ACME', taxNo: '91330', bankName: null, bankAccount: null, address: null, phone: null, receiverName: 'Li', receiverPhone: null, receiverEmail: null, receiverAddress: null, remark: null, updateAt: null } as const;
  it('sends only what changed, blanks as null', () => {
    expect(invoiceChanges(current, { type: 'normal', title: ' ACME ', taxNo: '91330', bankName: '', receiverName: '' , remark: 'x' })).toEqual({ receiverName: null, remark: 'x' });
  });
  it('sends everything filled in the first time', () => {
    expect(invoiceChanges(null, { type: 'special', title: 'A', taxNo: '1', bankName: '' })).toEqual({ type: 'special', title: 'A', taxNo: '1' });
  });
});
