import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Download, Page } from 'playwright-core';
import { apiAs, BASE, codeSentBy, DEMO_EXHIBITION_ID, launch, messagesTo, newPage, settledCuts, shot, signInAs, type Api } from './browser.ts';

/**
 * Appointments (issue 15 part 2), one step per test: the exhibitor offers times; the visitor on a phone books one from
 * the booth page; the exhibitor assigns a staff member and accepts; both download the meeting's ICS file.
 */
const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 15_000 };
const VISITOR_PHONE = '13800000009';
const subject = `代理合作 ${Date.now().toString(36)}`;
/** A future day of its own for each run: a staff member accepted at 09:00 on a day stays booked there. */
const DAY = new Date(Date.now() + (30 + (Math.floor(Date.now() / 1000) % 700)) * 86_400_000).toISOString().slice(0, 10);
const dayRange = { from: `${DAY}T00:00:00+08:00`, to: `${DAY}T23:59:00+08:00` };

type Appointment = { id: string; subject: string; state: string; staffName: string | null };
type Slot = { id: string; exhibitorId: string; startAt: string; held: boolean };

let browser: Browser;
let exhibitor: Api;
let console_: Page;
let visitor: Page;
let exhibitorId: string;
let appointment: Appointment;

const icsOf = async (download: Download) => text(await download.createReadStream());

beforeAll(async () => {
  browser = await launch();
  exhibitor = await apiAs('exhibitor');
});
afterAll(async () => {
  await browser?.close();
});

describe('appointments (issue 15 part 2)', () => {
  it('the exhibitor offers times on its 预约洽谈 screen', async () => {
    console_ = await newPage(browser);
    await console_.setViewportSize({ width: 1440, height: 900 });
    await signInAs(console_, 'exhibitor', '/ex-live/index/enquiryNew');
    await console_.getByRole('tab', { name: '我的可预约时间' }).click();
    const date = console_.locator('#appointment-slots_date');
    await date.click();
    await date.fill(DAY);
    await date.press('Enter');
    await console_.getByTestId('appointment-slots-create').click();
    await expect.poll(async () => (await exhibitor<{ items: Slot[] }>('POST', '/api/v3/exhibitorappointment/slot/page', dayRange)).items.length, WAIT).toBeGreaterThanOrEqual(6);
    const { items } = await exhibitor<{ items: Slot[] }>('POST', '/api/v3/exhibitorappointment/slot/page', dayRange);
    exhibitorId = items[0]!.exhibitorId;
    await console_.getByRole('tabpanel', { name: '我的可预约时间' }).getByText(`${DAY} 09:00–09:30`).first().waitFor(WAIT);
    await shot(console_, 'appointment-slots-1440');
  });

  it('the visitor on a phone books a free time from the booth page', async () => {
    visitor = await newPage(browser);
    await visitor.setViewportSize(PHONE);
    await visitor.goto(`${BASE}/expo/${DEMO_EXHIBITION_ID}/login`);
    await visitor.locator('input[name=phoneNumber]').fill(VISITOR_PHONE);
    await visitor.locator('input[name=code]').fill(await codeSentBy(VISITOR_PHONE, () => visitor.getByRole('button', { name: '获取验证码' }).click()));
    await visitor.getByRole('button', { name: '登录' }).click();
    await visitor.waitForURL(`**/expo/${DEMO_EXHIBITION_ID}/ticket`);
    await visitor.goto(`${BASE}/expo/${DEMO_EXHIBITION_ID}/exhibitors/${exhibitorId}`);
    await visitor.getByTestId('appointment-book').click();
    const sheet = visitor.getByRole('dialog', { name: '预约洽谈' });
    await sheet.waitFor(WAIT);
    await sheet.locator('label[data-testid^="appointment-slot-"]').first().click();
    await sheet.getByLabel('洽谈主题').fill(subject);
    await sheet.getByTestId('appointment-submit').click();
    await sheet.getByTestId('appointment-sent').waitFor(WAIT);
    await shot(visitor, 'appointment-booked-390');
    await expect
      .poll(async () => (await exhibitor<{ items: Appointment[] }>('POST', '/api/v3/exhibitorappointment/page', { state: 'pending' })).items.find((a) => a.subject === subject)?.state, WAIT)
      .toBe('pending');
    appointment = (await exhibitor<{ items: Appointment[] }>('POST', '/api/v3/exhibitorappointment/page', { state: 'pending' })).items.find((a) => a.subject === subject)!;
  });

  it('the exhibitor assigns a staff member and accepts; the visitor is told', async () => {
    await console_.goto(`${BASE}/ex-live/index/enquiryNew`);
    await console_.getByText(subject).waitFor(WAIT);
    // A pending request carries the most actions and the staff picker: every column still shows beside the menu at 1280 px.
    await console_.setViewportSize({ width: 1280, height: 900 });
    expect(await settledCuts(console_)).toEqual([]);
    await console_.setViewportSize({ width: 1440, height: 900 });
    await console_.getByTestId(`appointment-staff-${appointment.id}`).click();
    await console_.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '李工' }).click();
    await expect.poll(async () => (await exhibitor<{ items: Appointment[] }>('POST', '/api/v3/exhibitorappointment/page', {})).items.find((a) => a.id === appointment.id)?.staffName, WAIT).toBe('李工');
    await console_.getByTestId(`appointment-accept-${appointment.id}`).click();
    await expect.poll(() => console_.getByTestId(`appointment-state-${appointment.id}`).textContent(), WAIT).toBe('已接受');
    expect((await messagesTo(VISITOR_PHONE)).some((m) => m.body.includes('已接受您的洽谈预约'))).toBe(true);
    await shot(console_, 'appointment-accepted-1440');
  });

  it('both download the meeting as an ICS file that parses', async () => {
    const [mine] = await Promise.all([console_.waitForEvent('download'), console_.getByTestId(`appointment-ics-${appointment.id}`).click()]);
    const fromConsole = await icsOf(mine);
    expect(fromConsole.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(fromConsole).toMatch(new RegExp(`\\r\\nDTSTART:${DAY.replace(/-/g, '')}T\\d{6}Z\\r\\n`));
    expect(fromConsole.replace(/\r\n /g, '')).toContain(`SUMMARY:${subject}`);

    await visitor.goto(`${BASE}/expo/${DEMO_EXHIBITION_ID}/me/appointments`);
    await expect.poll(() => visitor.getByTestId(`my-appointment-state-${appointment.id}`).textContent(), WAIT).toBe('已确认');
    await shot(visitor, 'appointment-mine-390');
    const [theirs] = await Promise.all([visitor.waitForEvent('download'), visitor.getByTestId(`my-appointment-ics-${appointment.id}`).click()]);
    const fromSite = await icsOf(theirs);
    expect(fromSite).toContain('BEGIN:VEVENT');
    expect(fromSite).toMatch(new RegExp(`\\r\\nDTSTART:${DAY.replace(/-/g, '')}T\\d{6}Z\\r\\n`));
    expect(fromSite.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
  });
});
