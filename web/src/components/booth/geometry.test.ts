import { computedArea, firstDuplicateCode, firstOverlap } from '@pavilion/contract';
import { describe, expect, it } from 'vitest';
import { clientToPlan, defaultGrid, handlePoints, hitTest, moveRect, nextCode, overlappingKeys, rectFromDrag, resizeRect, snap, stepZoom } from './geometry.ts';

const plan = { width: 100, height: 50 };

describe('booth editor geometry', () => {
  it('maps a pointer to plan units through the SVG box, whatever the zoom', () => {
    expect(clientToPlan({ x: 250, y: 150 }, { left: 50, top: 100, width: 400, height: 200 }, plan)).toEqual({ x: 50, y: 12.5 });
    expect(clientToPlan({ x: 50, y: 100 }, { left: 50, top: 100, width: 800, height: 400 }, plan)).toEqual({ x: 0, y: 0 });
  });

  it('snaps to the grid, or not at all with grid 0', () => {
    expect(snap(7.4, 5)).toBe(5);
    expect(snap(7.6, 5)).toBe(10);
    expect(snap(7.6, 0)).toBe(7.6);
    expect(snap(0.30000000000000004, 0.1)).toBe(0.3);
  });

  it('builds a rectangle from a drag in any direction, snapped and inside the plan', () => {
    expect(rectFromDrag({ x: 12, y: 9 }, { x: 3, y: 1 }, 5, plan)).toEqual({ x: 5, y: 0, w: 5, h: 10 });
    expect(rectFromDrag({ x: 90, y: 40 }, { x: 130, y: 80 }, 5, plan)).toEqual({ x: 90, y: 40, w: 10, h: 10 });
    expect(rectFromDrag({ x: 11, y: 11 }, { x: 12, y: 12 }, 5, plan)).toMatchObject({ w: 0, h: 0 });
  });

  it('moves by whole grid steps and never off the plan', () => {
    const r = { x: 10, y: 10, w: 20, h: 10 };
    expect(moveRect(r, 6, -3, 5, plan)).toEqual({ x: 15, y: 5, w: 20, h: 10 });
    expect(moveRect(r, 500, 500, 5, plan)).toEqual({ x: 80, y: 40, w: 20, h: 10 });
    expect(moveRect(r, -500, -500, 5, plan)).toEqual({ x: 0, y: 0, w: 20, h: 10 });
  });

  it('resizes from any handle, keeping the opposite side and a minimum size', () => {
    const r = { x: 10, y: 10, w: 20, h: 10 };
    expect(resizeRect(r, 'se', { x: 41, y: 29 }, 5, plan, 5)).toEqual({ x: 10, y: 10, w: 30, h: 20 });
    expect(resizeRect(r, 'nw', { x: 4, y: 6 }, 5, plan, 5)).toEqual({ x: 5, y: 5, w: 25, h: 15 });
    expect(resizeRect(r, 'e', { x: 0, y: 99 }, 5, plan, 5)).toEqual({ x: 10, y: 10, w: 5, h: 10 });
    expect(resizeRect(r, 'n', { x: 0, y: -20 }, 5, plan, 5)).toEqual({ x: 10, y: 0, w: 20, h: 20 });
    expect(handlePoints(r).find((h) => h.handle === 'se')).toEqual({ handle: 'se', x: 30, y: 20 });
  });

  it('hits the booth drawn on top', () => {
    const booths = [
      { key: 'a', x: 0, y: 0, w: 10, h: 10 },
      { key: 'b', x: 5, y: 5, w: 10, h: 10 },
    ];
    expect(hitTest(booths, { x: 7, y: 7 })).toBe('b');
    expect(hitTest(booths, { x: 2, y: 2 })).toBe('a');
    expect(hitTest(booths, { x: 50, y: 2 })).toBeNull();
  });

  it('flags overlapping booths but not neighbours sharing a wall', () => {
    const booths = [
      { key: 'a', x: 0, y: 0, w: 10, h: 10 },
      { key: 'b', x: 10, y: 0, w: 10, h: 10 },
      { key: 'c', x: 15, y: 5, w: 10, h: 10 },
    ];
    expect([...overlappingKeys(booths)].sort()).toEqual(['b', 'c']);
    expect(firstOverlap(booths)).toEqual([1, 2]);
    expect(firstOverlap(booths.slice(0, 2))).toBeNull();
  });

  it('proposes the next free code and spots duplicates regardless of case', () => {
    expect(nextCode([])).toBe('A-101');
    expect(nextCode(['A-101', 'A-102'])).toBe('A-103');
    expect(nextCode(['B-009'])).toBe('B-010');
    expect(nextCode(['A-101', 'A-103', 'A-102'])).toBe('A-104');
    expect(nextCode(['Lobby'])).toBe('A-101');
    expect(firstDuplicateCode(['A-1', 'b-2', 'B-2 '])).toEqual([1, 2]);
  });

  it('computes areas from the scale and picks a readable grid and zoom steps', () => {
    expect(computedArea({ w: 6, h: 3 }, 0.5)).toBe(4.5);
    expect(computedArea({ w: 6, h: 3 }, null)).toBeNull();
    expect(defaultGrid({ width: 1200, height: 800 })).toBe(20);
    expect(defaultGrid({ width: 90, height: 60 })).toBe(1);
    expect(stepZoom(1, 1)).toBe(1.5);
    expect(stepZoom(0.25, -1)).toBe(0.25);
    expect(stepZoom(1.2, -1)).toBe(1);
  });
});
