import type { Booth, HallPlan } from '@pavilion/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boothQueryOf } from '../host/Booths.tsx';
import { BoothEditor, draftOf, layoutOf } from './BoothEditor.tsx';

const plan: HallPlan = { hallId: '00000000-0000-4000-a000-00000000b001', exhibitionId: '00000000-0000-4000-a000-000000000001', hallName: '1号馆', imageUrl: '/uploads/p.png', width: 900, height: 560, scale: 0.05, updateAt: '2026-01-01T00:00:00.000Z' };
const booth = (over: Partial<Booth>): Booth => ({
  id: '00000000-0000-4000-a000-00000000c001',
  exhibitionId: plan.exhibitionId,
  hallId: plan.hallId,
  hallName: '1号馆',
  code: 'A-101',
  x: 100,
  y: 100,
  w: 60,
  h: 40,
  area: 6,
  areaManual: false,
  type: 'standard',
  state: 'free',
  exhibitorId: null,
  companyName: null,
  companyNameEn: null,
  showIndex: 0,
  createAt: '2026-01-01T00:00:00.000Z',
  updateAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('layout payload', () => {
  it('sends the area only when it was typed, ids only for saved booths, and the drawing order as showIndex', () => {
    const saved = draftOf(booth({}));
    const typed = draftOf(booth({ id: '00000000-0000-4000-a000-00000000c002', code: 'A-102', x: 160, area: 12, areaManual: true }));
    expect(layoutOf([saved, typed, { ...saved, key: 'new-1', id: undefined, code: ' A-103 ', x: 300 }])).toEqual([
      { id: saved.id, code: 'A-101', x: 100, y: 100, w: 60, h: 40, type: 'standard', showIndex: 0 },
      { id: typed.id, code: 'A-102', x: 160, y: 100, w: 60, h: 40, type: 'standard', area: 12, showIndex: 1 },
      { code: 'A-103', x: 300, y: 100, w: 60, h: 40, type: 'standard', showIndex: 2 },
    ]);
  });

  it("turns the host list's search form into the booth query", () => {
    expect(boothQueryOf('e1', { hallName: 'h1', state: 'sold', type: 'raw', companyName: '云展', exhibitorId: 'false' })).toEqual({
      exhibitionId: 'e1',
      hallId: 'h1',
      state: 'sold',
      type: 'raw',
      keyword: '云展',
      hasExhibitor: false,
    });
    expect(boothQueryOf('e1', { state: 'bogus' })).toMatchObject({ state: undefined, hasExhibitor: undefined });
  });
});

describe('the editor with a mouse', () => {
  // jsdom lays nothing out: the plan's SVG is 900 × 560 pixels at (0, 0), one pixel per plan unit.
  beforeEach(() => {
    vi.spyOn(SVGElement.prototype, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 900, height: 560, x: 0, y: 0, right: 900, bottom: 560, toJSON: () => ({}) });
  });
  afterEach(() => vi.restoreAllMocks());

  const renderEditor = (booths: Booth[] = [booth({})]) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BoothEditor plan={plan} booths={booths} />
      </QueryClientProvider>,
    );
  const svg = () => screen.getByTestId('plan-editor');
  const drag = (target: Element, from: [number, number], to: [number, number]) => {
    fireEvent.pointerDown(target, { button: 0, clientX: from[0], clientY: from[1], pointerId: 1 });
    fireEvent.pointerMove(svg(), { clientX: (from[0] + to[0]) / 2, clientY: (from[1] + to[1]) / 2, pointerId: 1 });
    fireEvent.pointerMove(svg(), { clientX: to[0], clientY: to[1], pointerId: 1 });
    fireEvent.pointerUp(svg(), { clientX: to[0], clientY: to[1], pointerId: 1 });
  };
  const rectOf = (code: string) => {
    const r = screen.getByTestId(`booth-${code}`).querySelector('rect')!;
    return ['x', 'y', 'width', 'height'].map((k) => Number(r.getAttribute(k)));
  };

  it('draws a booth snapped to the grid on an empty spot, numbered after the last one, and selects it', () => {
    renderEditor();
    drag(svg(), [402, 198], [478, 263]);
    expect(rectOf('A-102')).toEqual([400, 200, 80, 60]);
    expect(screen.getByTestId('booth-code')).toHaveValue('A-102');
    expect(screen.getByTestId('save-layout')).toBeEnabled();
  });

  it('ignores a click that draws nothing', () => {
    renderEditor();
    drag(svg(), [600, 400], [602, 401]);
    expect(screen.queryByTestId('booth-A-102')).toBeNull();
  });

  it('moves a booth by dragging it and resizes it by a handle', () => {
    renderEditor();
    drag(svg(), [120, 120], [171, 149]);
    expect(rectOf('A-101')).toEqual([150, 130, 60, 40]);
    drag(screen.getByTestId('handle-se'), [210, 170], [251, 209]);
    expect(rectOf('A-101')).toEqual([150, 130, 100, 80]);
  });

  it('flags overlapping booths and deletes the selected one with the Delete key', () => {
    renderEditor([booth({}), booth({ id: '00000000-0000-4000-a000-00000000c002', code: 'A-102', x: 140 })]);
    const stroke = () => screen.getByTestId('booth-A-102').querySelector('rect')!.getAttribute('stroke-dasharray');
    expect(stroke()).not.toBeNull();
    drag(svg(), [150, 110], [150, 110]);
    fireEvent.keyDown(screen.getByTestId('plan-frame'), { key: 'Delete' });
    expect(screen.queryByTestId('booth-A-102')).toBeNull();
    expect(screen.getByTestId('booth-A-101').querySelector('rect')!.getAttribute('stroke-dasharray')).toBeNull();
  });

  it('edits the selected booth in the side panel', () => {
    renderEditor();
    drag(svg(), [120, 120], [120, 120]);
    fireEvent.change(screen.getByTestId('booth-code'), { target: { value: 'B-201' } });
    expect(screen.getByTestId('booth-B-201')).toBeInTheDocument();
  });
});
