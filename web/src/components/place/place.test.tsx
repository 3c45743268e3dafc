import type { CompanyStaff, ExhibitorPlace, ExhibitorSettings, PlaceRecord } from '@pavilion/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ExhibitorWithCompany } from '../../api/exhibitorPages.ts';
import { boothPreviewOf } from '../../areas/exhibitor/boothPreview.ts';
import { pendingPlaceIds } from '../../areas/host/PlaceAudit.tsx';
import { placeQueryOf } from '../../areas/host/placeList.tsx';
import { i18n } from '../../i18n/index.ts';
import { boothAreaText } from './PlaceDetails.tsx';
import { PlaceForm } from './PlaceForm.tsx';
import { boothCodes, toFormValues, toSaveBody, validPhone } from './placeForm.ts';

const EX = '00000000-0000-4000-a000-000000000001';
const record = (over: Partial<PlaceRecord> = {}): PlaceRecord => ({
  id: '00000000-0000-4000-a000-0000000000p1',
  boothType: 'raw',
  contractorName: '杭州博览搭建工程有限公司',
  contractorContact: '李工',
  contractorPhone: '13800002222',
  siteManager: null,
  siteManagerPhone: null,
  powerKw: 15,
  remark: null,
  drawings: [{ url: '/uploads/a.pdf', name: '效果图.pdf' }],
  auditState: 0,
  auditReason: null,
  submitAt: '2026-03-01T00:00:00.000Z',
  auditAt: null,
  createAt: '2026-03-01T00:00:00.000Z',
  updateAt: '2026-03-01T00:00:00.000Z',
  ...over,
});
const row = (exhibitorId: string, place: PlaceRecord | null): ExhibitorPlace => ({ exhibitorId, exhibitionId: EX, compId: EX, companyName: 'x', companyNameEn: null, boothInfo: null, boothArea: null, place });

describe('place form values', () => {
  it('round-trips a record and sends blanks as null, only uploaded drawings', () => {
    const values = toFormValues(record());
    expect(toSaveBody(values)).toEqual({
      boothType: 'raw',
      contractorName: '杭州博览搭建工程有限公司',
      contractorContact: '李工',
      contractorPhone: '13800002222',
      siteManager: null,
      siteManagerPhone: null,
      powerKw: 15,
      remark: null,
      drawings: [{ url: '/uploads/a.pdf', name: '效果图.pdf' }],
    });
    const edited = { ...values, remark: '  ', siteManager: ' 王磊 ', drawings: [...values.drawings, { uid: 'u', name: 'b.pdf', status: 'uploading' as const }, { uid: 'd', name: 'c.pdf', status: 'done' as const, response: { url: '/uploads/c.pdf' } }] };
    const body = toSaveBody(edited);
    expect(body).toMatchObject({ remark: null, siteManager: '王磊' });
    expect(body.drawings).toEqual([{ url: '/uploads/a.pdf', name: '效果图.pdf' }, { url: '/uploads/c.pdf', name: 'c.pdf' }]);
    expect(toFormValues(null)).toMatchObject({ boothType: 'standard', drawings: [], powerKw: null });
  });

  it('splits booth codes as exhibitor records keep them, and checks phones as the server does', () => {
    expect(boothCodes('A1-08,A1-09、B2-01；C3 ')).toEqual(['A1-08', 'A1-09', 'B2-01', 'C3']);
    expect(boothCodes(null)).toEqual([]);
    const t = i18n.t.bind(i18n) as Parameters<typeof boothAreaText>[1];
    expect([boothAreaText('36', t, '—'), boothAreaText('A馆', t, '—'), boothAreaText(' ', t, '—')]).toEqual(['36 ㎡', 'A馆', '—']);
    expect(['13800002222', '+8613800002222', '', null].map(validPhone)).toEqual([true, true, true, true]);
    expect(['138-abc', '12', '0571 8888'].map(validPhone)).toEqual([false, false, false]);
  });
});

describe('host place lists', () => {
  it('maps the search form to the query; the audit screen shows pending submissions unless asked otherwise', () => {
    expect(placeQueryOf(EX, {})).toEqual({ exhibitionId: EX, keyword: undefined, auditState: undefined, boothType: undefined, hasPlace: undefined });
    expect(placeQueryOf(EX, { $keyword: 'A1', $hasPlace: 'false', $boothType: 'raw' })).toMatchObject({ keyword: 'A1', hasPlace: false, boothType: 'raw' });
    expect(placeQueryOf(EX, {}, true)).toMatchObject({ auditState: 0, hasPlace: true });
    expect(placeQueryOf(EX, { $state: '2' }, true)).toMatchObject({ auditState: 2, hasPlace: true });
  });

  it('decides only the chosen rows still pending, by their place record ids', () => {
    const rows = [row('e1', record({ id: 'p1' })), row('e2', record({ id: 'p2', auditState: 1 })), row('e3', null), row('e4', record({ id: 'p4' }))];
    expect(pendingPlaceIds(rows, ['e1', 'e2', 'e3'])).toEqual(['p1']);
    expect(pendingPlaceIds(rows, ['e4', 'e1'])).toEqual(['p1', 'p4']);
  });
});

describe('booth preview', () => {
  const join = {
    exhibitor: { banner: '/uploads/join.png', boothInfo: 'A1-08', boothArea: '36', auditState: 1, categories: [{ id: EX, name: '智能制造', nameEn: 'Smart manufacturing' }] },
    company: { id: EX, name: '杭州云展科技有限公司', nameEn: 'Hangzhou Cloud Expo', logo: '/uploads/logo.png', region: null, address: '文三路 100 号', createAt: '2026-01-01T00:00:00.000Z' },
  } as unknown as ExhibitorWithCompany;
  const settings = { showContacts: true, lobbyBanner: null, lobbyVideo: null, lobbyWelcome: '欢迎光临', lobbyWelcomeEn: '' } as ExhibitorSettings;
  const contact = { name: '张三', position: '销售经理', phoneNumber: '13800000001', email: null } as CompanyStaff;

  it('shows the page in its language with the other as fallback, the join banner unless a lobby banner is set', () => {
    const zh = boothPreviewOf({ join, profile: { ...join.company, introduction: '专注线上展会', introductionEn: null, email: 'info@example.com' } as never, settings, contact, en: false });
    expect(zh).toMatchObject({ name: '杭州云展科技有限公司', secondaryName: 'Hangzhou Cloud Expo', banner: '/uploads/join.png', categories: ['智能制造'], welcome: '欢迎光临', introduction: '专注线上展会', joinApproved: true });
    expect(zh.contacts).toEqual({ person: '张三 · 销售经理', phone: '13800000001', email: 'info@example.com', website: null });
    const en = boothPreviewOf({ join, profile: null, settings: { ...settings, lobbyBanner: '/uploads/lobby.png' }, contact: null, en: true });
    expect(en).toMatchObject({ name: 'Hangzhou Cloud Expo', secondaryName: '杭州云展科技有限公司', banner: '/uploads/lobby.png', categories: ['Smart manufacturing'], welcome: '欢迎光临' });
  });

  it('hides contacts when the exhibitor does, and warns while the join is not approved', () => {
    const hidden = boothPreviewOf({ join: { ...join, exhibitor: { ...join.exhibitor, auditState: 0 } }, profile: null, settings: { ...settings, showContacts: false }, contact, en: false });
    expect(hidden.contacts).toBeNull();
    expect(hidden.joinApproved).toBe(false);
  });
});

describe('PlaceForm', () => {
  it('asks a raw space for its contractor and a drawing before saving, and saves a standard booth', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => undefined);
    render(<PlaceForm initial={null} submitText="提交审核" onSave={onSave} />);
    await user.click(screen.getByText('光地（特装）'));
    await user.click(screen.getByTestId('place-submit'));
    expect(await screen.findByText('请填写搭建商')).toBeInTheDocument();
    expect(screen.getByText('光地展位请至少上传一份设计图纸')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.click(screen.getByText('标准展位'));
    await user.type(screen.getByTestId('place-siteManagerPhone'), '12');
    await user.click(screen.getByTestId('place-submit'));
    expect(await screen.findByText('请输入正确的电话号码（数字，可带 +）')).toBeInTheDocument();
    await user.clear(screen.getByTestId('place-siteManagerPhone'));
    await user.type(screen.getByTestId('place-siteManagerPhone'), '13900001111');
    await user.type(screen.getByTestId('place-siteManager'), '王磊');
    await user.click(screen.getByTestId('place-submit'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]).toEqual([expect.objectContaining({ boothType: 'standard', siteManager: '王磊', siteManagerPhone: '13900001111', contractorName: null, drawings: [] })]);
  });
});
