import { exhibitionSettingsDefaults, Role } from '@pavilion/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.ts';
import { renderScreen, signIn } from '../../test/screen.tsx';
import { EXHIBITION_ID, ok } from '../../test/fixtures.ts';
import { titleOfFile } from './DataDownloads.tsx';
import { logQueryOf } from './DownloadCenter.tsx';
import { exSetPatch, exSetValuesOf } from './exSet.ts';
import ExSettings from './ExSettings.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';

function serve(routes: Record<string, (init?: RequestInit) => Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split('?')[0]!;
    const answer = routes[`${init?.method ?? 'GET'} ${path}`] ?? routes[path];
    if (!answer) throw new Error(`unexpected call ${init?.method} ${path}`);
    return answer(init);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  queryClient.clear();
  signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
});

describe('down and downCenter helpers', () => {
  it('suggests a title from the uploaded file name', () => {
    expect(titleOfFile('参展手册 2026.pdf')).toBe('参展手册 2026');
    expect(titleOfFile('archive.tar.gz')).toBe('archive.tar');
    expect(titleOfFile('README')).toBe('README');
  });

  it('sends the log filters the call takes, and only those set', () => {
    expect(logQueryOf(EXHIBITION_ID, {})).toEqual({ exhibitionId: EXHIBITION_ID });
    expect(logQueryOf(EXHIBITION_ID, { downloadId: 'f1', companyName: '智造' })).toEqual({ exhibitionId: EXHIBITION_ID, downloadId: 'f1', companyName: '智造' });
  });
});

describe('ex-set', () => {
  const before = exSetValuesOf(exhibitionSettingsDefaults);

  it('patches only the keys that changed, a nested object whole, text trimmed', () => {
    expect(exSetPatch(before, { ...before })).toEqual({});
    expect(exSetPatch(before, { ...before, enabledAutoAuditProduct: true, boothLink: ' https://expo.example.com/booth/{id} ', sayHello: { ...before.sayHello, dayToNumber: 3 } })).toEqual({
      enabledAutoAuditProduct: true,
      boothLink: 'https://expo.example.com/booth/{id}',
      sayHello: { dayFromNumber: 0, dayToNumber: 3, enabledToRepeat: false },
    });
  });

  const answer = { ...exhibitionSettingsDefaults, settingName: 'exhibition', settingScope: EXHIBITION_ID, settingType: 1 };
  const routes = {
    'GET /api/v1/settings/exhibition': () => ok(answer),
    'PUT /api/v1/settings/exhibition/patch': (init?: RequestInit) => ok({ ...answer, ...JSON.parse(String(init!.body)) }),
    'GET /api/v3/exhibitorpolicy': () => ok({ exhibitionId: EXHIBITION_ID, content: '<p>旧的须知</p>', contentEn: '', updateAt: null }),
    'PUT /api/v3/exhibitorpolicy': (init?: RequestInit) => ok({ exhibitionId: EXHIBITION_ID, ...JSON.parse(String(init!.body)), updateAt: '2026-03-01T00:00:00.000Z' }),
  };
  const putTo = (fetch: ReturnType<typeof serve>, path: string) => fetch.mock.calls.find(([u, i]) => String(u).includes(path) && (i as RequestInit | undefined)?.method === 'PUT');

  it('saves a switched audit setting alone', async () => {
    const fetch = serve(routes);
    renderScreen(<ExSettings />);
    fireEvent.click(await screen.findByTestId('autoAudit-Product'));
    await waitFor(() => expect(screen.getByTestId('autoAudit-Product')).toHaveAttribute('aria-checked', 'true'));
    fireEvent.click(screen.getByTestId('exset-save'));
    await waitFor(() => expect(putTo(fetch, '/api/v1/settings/exhibition/patch')).toBeDefined());
    expect(JSON.parse(String((putTo(fetch, '/api/v1/settings/exhibition/patch')![1] as RequestInit).body))).toEqual({ enabledAutoAuditProduct: true });
  });

  it('saves the policy in both languages', async () => {
    const fetch = serve(routes);
    renderScreen(<ExSettings />);
    const zh = await screen.findByTestId('policy-editor-zh');
    await waitFor(() => expect(zh.innerHTML).toBe('<p>旧的须知</p>'));
    zh.innerHTML = '<p>新的须知</p>';
    fireEvent.input(zh);
    const en = screen.getByTestId('policy-editor-en');
    en.innerHTML = '<p>New policy</p>';
    fireEvent.input(en);
    fireEvent.click(screen.getByTestId('policy-save'));
    await waitFor(() => expect(putTo(fetch, '/api/v3/exhibitorpolicy')).toBeDefined());
    const put = putTo(fetch, '/api/v3/exhibitorpolicy')!;
    expect(String(put[0])).toContain(`exhibitionId=${EXHIBITION_ID}`);
    expect(JSON.parse(String((put[1] as RequestInit).body))).toEqual({ content: '<p>新的须知</p>', contentEn: '<p>New policy</p>' });
  });
});

describe('rich-text editor', () => {
  it('shows the value sanitised and reports what is typed', () => {
    const onChange = vi.fn();
    render(<RichTextEditor value={'<p>须知<img src="x" onerror="alert(1)"></p>'} onChange={onChange} testId="rte" />);
    const area = screen.getByTestId('rte');
    expect(area.innerHTML).not.toContain('onerror');
    expect(area).toHaveTextContent('须知');
    area.innerHTML = '<p>改了</p>';
    fireEvent.input(area);
    expect(onChange).toHaveBeenCalledWith('<p>改了</p>');
  });
});
