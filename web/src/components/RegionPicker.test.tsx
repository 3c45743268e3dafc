import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { calledPaths, hangzhouDistricts, hubeiGroupMembers, provinces, stubDirectory, zhejiangCities } from './RegionPicker.fixtures.ts';
import { RegionPicker, regionFromText, regionToText, type RegionValue } from './RegionPicker.tsx';

const [, zhejiang, hubei] = provinces;
const hangzhou = zhejiangCities[0]!;
const xihu = hangzhouDistricts[2]!;

function setup(initial: RegionValue | null = null) {
  const fetch = stubDirectory();
  const onValues = vi.fn<(region: RegionValue | null) => void>();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Form initialValues={{ region: initial }} onValuesChange={(_, all: { region: RegionValue | null }) => onValues(all.region)}>
        <Form.Item name="region" label="region">
          <RegionPicker />
        </Form.Item>
      </Form>
    </QueryClientProvider>,
  );
  return { fetch, onValues, user: userEvent.setup() };
}

const selector = () => document.querySelector<HTMLElement>('.region-picker-cascader')!;
const popup = () => document.querySelector<HTMLElement>('.region-picker-popup')!;
const item = async (name: string) => within(await waitFor(() => popup() ?? Promise.reject(new Error('no popup')))).findByText(name, { selector: '.ant-cascader-menu-item-content' });

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('RegionPicker', () => {
  it('loads each level only when it is opened, and gives the path, names and area code', async () => {
    const { fetch, onValues, user } = setup();
    await user.click(screen.getByRole('combobox'));
    await user.click(await item('浙江省'));
    expect(calledPaths(fetch)).toEqual(['/api/City/GetByParentId?pageIndex=1&pageSize=1000', `/api/City/GetByParentId?parentId=${zhejiang!.id}&pageIndex=1&pageSize=1000`]);
    await user.click(await item('杭州市'));
    await user.click(await item('西湖区'));
    expect(calledPaths(fetch)).toHaveLength(3);
    expect(onValues).toHaveBeenLastCalledWith({ ids: [zhejiang!.id, hangzhou.id, xihu.id], names: ['浙江省', '杭州市', '西湖区'], code: '0571' });
    expect(await screen.findByTestId('region-area-code')).toHaveTextContent('区号 0571');
    expect(selector()).toHaveTextContent('浙江省 / 杭州市 / 西湖区');
  });

  it('shows the members of a null-name group beside the cities, never an empty entry', async () => {
    const { onValues, user } = setup();
    await user.click(screen.getByRole('combobox'));
    await user.click(await item('湖北省'));
    expect(await item('武汉市')).toBeInTheDocument();
    await user.click(await item('仙桃市'));
    const xiantao = hubeiGroupMembers[0]!;
    expect(onValues).toHaveBeenLastCalledWith({ ids: [hubei!.id, xiantao.id], names: ['湖北省', '仙桃市'], code: '0728' });
    expect(popup().querySelectorAll('.ant-cascader-menu-item-content:empty')).toHaveLength(0);
  });

  it('searches by pinyin on the server and fills the whole path from a hit', async () => {
    const { fetch, onValues, user } = setup();
    await user.type(screen.getByRole('combobox'), 'hangzhou');
    const hit = await within(popup()).findByText('浙江省 / 杭州市');
    expect(calledPaths(fetch)).toContain('/api/City/Search?keyword=hangzhou&limit=20');
    // One request for the settled keyword, none for each key typed before it.
    expect(calledPaths(fetch).filter((p) => p.startsWith('/api/City/Search'))).toHaveLength(1);
    await user.click(hit);
    expect(onValues).toHaveBeenLastCalledWith({ ids: [zhejiang!.id, hangzhou.id], names: ['浙江省', '杭州市'], code: '0571' });
    expect(await screen.findByTestId('region-area-code')).toHaveTextContent('0571');
  });

  it('finds a value read back from text by its names and shows its area code', async () => {
    setup(regionFromText('浙江省/杭州市/西湖区'));
    expect(await screen.findByTestId('region-area-code')).toHaveTextContent('区号 0571');
    expect(selector()).toHaveTextContent('浙江省 / 杭州市 / 西湖区');
  });

  it('labels places in English in the English UI', async () => {
    await i18n.changeLanguage('en');
    const { user } = setup({ ids: [zhejiang!.id, hangzhou.id, xihu.id], names: ['浙江省', '杭州市', '西湖区'], code: '0571' });
    await waitFor(() => expect(selector()).toHaveTextContent('Zhejiang / Hangzhou / Xihu District'));
    expect(screen.getByTestId('region-area-code')).toHaveTextContent('Area code 0571');
    await user.click(screen.getByRole('combobox'));
    expect(await item('Hong Kong')).toBeInTheDocument();
  });

  it('turns values into the text a region column keeps, and back', () => {
    expect(regionToText({ ids: ['a', 'b'], names: ['上海市', '浦东新区'], code: '021' })).toBe('上海市/浦东新区');
    expect(regionToText(null)).toBeNull();
    expect(regionFromText(' 上海市 / 浦东新区 ')).toEqual({ ids: [], names: ['上海市', '浦东新区'], code: null });
    expect(regionFromText('')).toBeNull();
  });
});
