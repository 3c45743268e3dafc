import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Exhibition } from '@pavilion/contract';
import { exhibition, page } from '../test/fixtures.ts';
import { defineResource, ResourceTable, type ListParams } from './ResourceTable.tsx';

const all = Array.from({ length: 23 }, (_, i) => exhibition(i + 1));

function setup() {
  const fetch = vi.fn(async ({ pageIndex, pageSize, filters }: ListParams) => {
    const matching = all.filter((e) => !filters.name || e.name.includes(filters.name));
    return page(matching.slice((pageIndex - 1) * pageSize, pageIndex * pageSize), pageIndex, pageSize, matching.length);
  });
  const resource = defineResource<Exhibition>({
    name: 'test-exhibition',
    rowKey: 'id',
    queryKey: (params) => ['test-exhibition', params],
    fetch,
    fields: [
      { key: 'name', label: 'exhibition.name', filter: { type: 'text' } },
      { key: 'startAt', label: 'exhibition.startAt', type: 'datetime' },
      { key: 'showIndex', label: 'exhibition.showIndex', type: 'number' },
      { key: '$code', label: 'exhibition.id', render: (row) => `#${row.showIndex}` },
    ],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ResourceTable resource={resource} />
    </QueryClientProvider>,
  );
  return fetch;
}

const rows = () => screen.getAllByRole('row').slice(1);

describe('ResourceTable', () => {
  it('renders the columns from the description and the first page of rows', async () => {
    const fetch = setup();
    expect(await screen.findByText('展会 1')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '展会名称' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '开始时间' })).toBeInTheDocument();
    expect(rows()).toHaveLength(10);
    expect(within(rows()[0]!).getByText('#1')).toBeInTheDocument();
    expect(screen.getByText('共 23 条')).toBeInTheDocument();
    expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 10, filters: {} });
  });

  it('pages through the server', async () => {
    const fetch = setup();
    await screen.findByText('展会 1');
    await userEvent.setup().click(screen.getByTitle('3'));
    expect(await screen.findByText('展会 21')).toBeInTheDocument();
    expect(rows()).toHaveLength(3);
    expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 3, pageSize: 10, filters: {} });
  });

  it('searches from the field’s filter, back on page 1, and resets', async () => {
    const fetch = setup();
    const user = userEvent.setup();
    await screen.findByText('展会 1');
    await user.click(screen.getByTitle('2'));
    await screen.findByText('展会 11');
    await user.type(screen.getByLabelText('展会名称'), ' 展会 2 ');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 10, filters: { name: '展会 2' } }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 10, filters: {} }));
  });
});
