import type { MyConsult, PublicConsult } from '@pavilion/contract';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EX, fail, ok, show, signIn, stubFetch, expoHome } from '../../test/expoSite.tsx';
import { expoI18n } from '../i18n.ts';

const base = `/api/v1/expo/${EX}`;
const home = expoHome();
const C = '00000000-0000-4000-a000-0000000009c1';
const qa: PublicConsult = { id: C, category: 'visiting', question: '几点开门？', answer: '九点', answeredAt: '2026-05-01T02:00:00.000Z', createAt: '2026-05-01T01:00:00.000Z' };
const pageOf = <T,>(items: T[]) => ({ pageIndex: 1, pageSize: 10, totalCount: items.length, totalPages: 1, items });
const mine: MyConsult = { ...qa, isPublic: true, auditState: 2, auditReason: '重复提问', submitAt: qa.createAt, auditAt: qa.answeredAt };

beforeEach(() => void expoI18n.changeLanguage('zh-CN'));
afterEach(() => localStorage.clear());

describe('consultations on the visitor site', () => {
  it('shows the public Q&A and leads a visitor who is not signed in to the sign-in page', async () => {
    stubFetch({ [`GET ${base}`]: () => ok(home), [`GET ${base}/consults`]: () => ok(pageOf([qa])) });
    const { container } = show(`/expo/${EX}/consult`);
    const view = within(container);
    expect(await view.findByTestId(`consult-qa-answer-${C}`)).toHaveTextContent('九点');
    expect(view.getByTestId(`consult-qa-${C}`)).toHaveTextContent('参观');
    await userEvent.click(view.getByTestId('consult-sign-in'));
    await waitFor(() => expect(within(container).getByRole('heading', { level: 1 })).toHaveTextContent(expoI18n.t('login.title', { ns: 'expo' })));
  });

  it('sends the question with its choices and shows a refusal in place', async () => {
    signIn();
    let sent: unknown = null;
    let calls = 0;
    stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/consults`]: () => ok(pageOf([])),
      [`POST ${base}/consults`]: (_url, init) => {
        sent = JSON.parse(String(init.body));
        return ++calls === 1 ? fail(400, 4026, '问题包含敏感词', [{ field: 'question', message: '问题包含敏感词' }]) : ok({ ...mine, auditState: 0, auditReason: null, answer: null, answeredAt: null });
      },
    });
    const { container } = show(`/expo/${EX}/consult`);
    const view = within(container);
    await userEvent.click(await view.findByTestId('consult-send'));
    expect(view.getByRole('alert')).toHaveTextContent('问题至少 5 个字');
    await userEvent.selectOptions(view.getByTestId('consult-category'), 'tickets');
    await userEvent.type(view.getByTestId('consult-question'), '学生票怎么买？');
    await userEvent.click(view.getByTestId('consult-send'));
    await waitFor(() => expect(view.getByRole('alert')).toHaveTextContent('问题包含敏感词'));
    await userEvent.click(view.getByTestId('consult-share'));
    await userEvent.click(view.getByTestId('consult-send'));
    expect(await view.findByTestId('consult-sent')).toHaveTextContent('已提交');
    expect(sent).toEqual({ category: 'tickets', question: '学生票怎么买？', isPublic: true, shareContact: true });
  });

  it('lists the visitor’s questions with the state, a rejection’s reason and the answer, in English', async () => {
    signIn();
    stubFetch({ [`GET ${base}`]: () => ok(home), [`GET ${base}/consults`]: () => ok(pageOf([])), [`GET ${base}/consults/mine`]: () => ok(pageOf([mine])) });
    const { container } = show(`/expo-en/${EX}/me/consults`);
    const view = within(container);
    expect(await view.findByTestId(`my-consult-answer-${C}`)).toHaveTextContent('九点');
    expect(view.getByTestId(`my-consult-state-${C}`)).toHaveTextContent('Not approved');
    expect(view.getByTestId(`my-consult-${C}`)).toHaveTextContent('Reason: 重复提问');
  });
});
