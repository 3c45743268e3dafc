import { rectsOverlap, type BoothRect } from '@pavilion/contract';

/**
 * The floor-plan editor's geometry, free of React and the DOM so it can be tested alone. Every
 * value is in the plan's own units (the SVG viewBox); the overlap rule is the contract's, the same
 * one the server enforces.
 */
export type Point = { x: number; y: number };
export type Size = { width: number; height: number };
export type Handle = 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w';
export const HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

const round = (v: number) => Math.round(v * 1000) / 1000;
const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), max);

/** A pointer position (client pixels) as a point of the plan, given the SVG's box on screen. */
export function clientToPlan(client: Point, box: { left: number; top: number; width: number; height: number }, plan: Size): Point {
  return { x: ((client.x - box.left) / box.width) * plan.width, y: ((client.y - box.top) / box.height) * plan.height };
}

/** The nearest grid line (no snapping when `grid` is 0). */
export const snap = (value: number, grid: number) => round(grid > 0 ? Math.round(value / grid) * grid : value);

/** The rectangle spanned by a drag from `a` to `b`: snapped, inside the plan, empty (w or h 0) when too small. */
export function rectFromDrag(a: Point, b: Point, grid: number, plan: Size): BoothRect {
  const x1 = clamp(snap(Math.min(a.x, b.x), grid), 0, plan.width);
  const y1 = clamp(snap(Math.min(a.y, b.y), grid), 0, plan.height);
  const x2 = clamp(snap(Math.max(a.x, b.x), grid), 0, plan.width);
  const y2 = clamp(snap(Math.max(a.y, b.y), grid), 0, plan.height);
  return { x: x1, y: y1, w: round(x2 - x1), h: round(y2 - y1) };
}

/** The rectangle moved by (dx, dy): its corner snapped to the grid, kept inside the plan. */
export function moveRect(r: BoothRect, dx: number, dy: number, grid: number, plan: Size): BoothRect {
  return { ...r, x: clamp(snap(r.x + dx, grid), 0, Math.max(0, plan.width - r.w)), y: clamp(snap(r.y + dy, grid), 0, Math.max(0, plan.height - r.h)) };
}

/** The rectangle with one handle dragged to `p`: the opposite side stays put, never smaller than `min`, inside the plan. */
export function resizeRect(r: BoothRect, handle: Handle, p: Point, grid: number, plan: Size, min: number): BoothRect {
  let left = r.x;
  let top = r.y;
  let right = r.x + r.w;
  let bottom = r.y + r.h;
  const x = clamp(snap(p.x, grid), 0, plan.width);
  const y = clamp(snap(p.y, grid), 0, plan.height);
  if (handle.includes('w')) left = Math.min(x, right - min);
  if (handle.includes('e')) right = Math.max(x, left + min);
  if (handle.startsWith('n')) top = Math.min(y, bottom - min);
  if (handle.startsWith('s')) bottom = Math.max(y, top + min);
  left = Math.max(0, left);
  top = Math.max(0, top);
  right = Math.min(plan.width, right);
  bottom = Math.min(plan.height, bottom);
  return { x: round(left), y: round(top), w: round(right - left), h: round(bottom - top) };
}

/** Where each resize handle sits on a rectangle. */
export function handlePoints(r: BoothRect): { handle: Handle; x: number; y: number }[] {
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  const at: Record<Handle, Point> = {
    nw: { x: r.x, y: r.y },
    n: { x: cx, y: r.y },
    ne: { x: r.x + r.w, y: r.y },
    e: { x: r.x + r.w, y: cy },
    se: { x: r.x + r.w, y: r.y + r.h },
    s: { x: cx, y: r.y + r.h },
    sw: { x: r.x, y: r.y + r.h },
    w: { x: r.x, y: cy },
  };
  return HANDLES.map((handle) => ({ handle, ...at[handle] }));
}

export const containsPoint = (r: BoothRect, p: Point) => p.x >= r.x && p.x <= r.x + r.w && p.y >= r.y && p.y <= r.y + r.h;

/** The key of the booth drawn on top at `p` (later ones are drawn over earlier ones), or null. */
export function hitTest<T extends BoothRect & { key: string }>(booths: readonly T[], p: Point): string | null {
  for (let i = booths.length - 1; i >= 0; i--) if (containsPoint(booths[i]!, p)) return booths[i]!.key;
  return null;
}

/** Keys of the booths that overlap another one (shown in red; the server refuses them on save). */
export function overlappingKeys<T extends BoothRect & { key: string }>(booths: readonly T[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < booths.length; i++)
    for (let j = i + 1; j < booths.length; j++)
      if (rectsOverlap(booths[i]!, booths[j]!)) {
        out.add(booths[i]!.key);
        out.add(booths[j]!.key);
      }
  return out;
}

/**
 * A code for a new booth: the last code with its trailing number raised ("A-109" → "A-110", keeping
 * leading zeros), skipping codes in use; "A-101" for the first booth of a hall.
 */
export function nextCode(codes: readonly string[], fallback = 'A-101'): string {
  const used = new Set(codes.map((c) => c.trim().toUpperCase()));
  const last = [...codes].reverse().find((c) => /\d+$/.test(c.trim()));
  if (!last && !used.has(fallback.toUpperCase())) return fallback;
  const [, prefix = '', digits = '100'] = /^(.*?)(\d+)$/.exec((last ?? fallback).trim()) ?? [];
  let n = Number(digits);
  for (;;) {
    n++;
    const candidate = `${prefix}${String(n).padStart(digits.length, '0')}`;
    if (!used.has(candidate.toUpperCase())) return candidate;
  }
}

/** A sensible grid for a plan: about a hundred cells across, rounded to 1, 2 or 5 × 10ⁿ units. */
export function defaultGrid(plan: Size): number {
  const raw = Math.max(plan.width, plan.height) / 100;
  if (raw <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].find((s) => s * power >= raw)! * power;
  return round(step);
}

export const ZOOMS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4] as const;
/** The next zoom level up (+1) or down (-1). */
export function stepZoom(current: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOMS.find((z) => z > current + 1e-9) ?? ZOOMS[ZOOMS.length - 1]!;
  return [...ZOOMS].reverse().find((z) => z < current - 1e-9) ?? ZOOMS[0]!;
}
