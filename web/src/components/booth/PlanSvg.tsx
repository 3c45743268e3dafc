import type { BoothState } from '@pavilion/contract';
import { Space, Typography } from 'antd';
import { forwardRef, type PointerEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { handlePoints, type Handle, type Size } from './geometry.ts';
import { safeHref } from '../safeUrl.ts';

/** Fill colours by state; the legend and both screens use the same ones. */
export const STATE_COLORS: Record<BoothState, string> = { free: '#52c41a', reserved: '#fa8c16', sold: '#1677ff' };
/** The same states as antd preset tags: white text on the plan's fills is below AA contrast, the presets (themed) are not. */
export const STATE_TAGS: Record<BoothState, string> = { free: 'green', reserved: 'orange', sold: 'blue' };
export const OVERLAP_COLOR = '#ff4d4f';
export const SELECTED_COLOR = '#722ed1';

export type PlanBooth = { key: string; code: string; x: number; y: number; w: number; h: number; state: BoothState; label?: string | null };

/**
 * A hall plan drawn as SVG: the plan image, an optional grid, the booths coloured by state with
 * their code (and a second label, e.g. the company), the selected booth's resize handles. The
 * viewBox is the plan's own units; `pixelWidth` sets the zoom. Interaction is the caller's.
 */
export const PlanSvg = forwardRef<
  SVGSVGElement,
  {
    plan: Size & { imageUrl: string };
    booths: readonly PlanBooth[];
    pixelWidth: number;
    grid?: number;
    selectedKey?: string | null;
    overlaps?: ReadonlySet<string>;
    draft?: { x: number; y: number; w: number; h: number } | null;
    onPointerDown?: PointerEventHandler<SVGSVGElement>;
    onPointerMove?: PointerEventHandler<SVGSVGElement>;
    onPointerUp?: PointerEventHandler<SVGSVGElement>;
    cursor?: string;
    testId?: string;
  }
>(function PlanSvg({ plan, booths, pixelWidth, grid = 0, selectedKey, overlaps, draft, onPointerDown, onPointerMove, onPointerUp, cursor, testId }, ref) {
  const unit = plan.width / pixelWidth; // plan units per screen pixel
  const pixelHeight = (pixelWidth * plan.height) / plan.width;
  const selected = booths.find((b) => b.key === selectedKey);
  const handle = 9 * unit;
  return (
    <svg
      ref={ref}
      data-testid={testId}
      viewBox={`0 0 ${plan.width} ${plan.height}`}
      width={pixelWidth}
      height={pixelHeight}
      style={{ display: 'block', cursor, touchAction: 'none', userSelect: 'none', background: '#fafafa' }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <image href={safeHref(plan.imageUrl) ?? undefined} x={0} y={0} width={plan.width} height={plan.height} preserveAspectRatio="none" />
      {grid > 0 && grid / unit >= 6 && (
        <>
          <defs>
            <pattern id="plan-grid" width={grid} height={grid} patternUnits="userSpaceOnUse">
              <path d={`M ${grid} 0 L 0 0 0 ${grid}`} fill="none" stroke="rgba(0,0,0,0.12)" strokeWidth={1} vectorEffect="non-scaling-stroke" />
            </pattern>
          </defs>
          <rect width={plan.width} height={plan.height} fill="url(#plan-grid)" pointerEvents="none" />
        </>
      )}
      {booths.map((b) => {
        const bad = overlaps?.has(b.key);
        const isSelected = b.key === selectedKey;
        const font = Math.min(13 * unit, b.h / (b.label ? 2.6 : 1.6), b.w / Math.max(2, b.code.length * 0.62));
        return (
          <g key={b.key} data-testid={`booth-${b.code}`} data-state={b.state}>
            <rect
              x={b.x}
              y={b.y}
              width={b.w}
              height={b.h}
              fill={STATE_COLORS[b.state]}
              fillOpacity={isSelected ? 0.55 : 0.38}
              stroke={bad ? OVERLAP_COLOR : isSelected ? SELECTED_COLOR : STATE_COLORS[b.state]}
              strokeWidth={isSelected || bad ? 3 : 1.5}
              strokeDasharray={bad ? '6 3' : undefined}
              vectorEffect="non-scaling-stroke"
            />
            <text x={b.x + b.w / 2} y={b.y + b.h / 2 - (b.label ? font * 0.55 : 0)} fontSize={font} textAnchor="middle" dominantBaseline="central" fill="#141414" fontWeight={600} pointerEvents="none">
              {b.code}
            </text>
            {b.label && (
              <text x={b.x + b.w / 2} y={b.y + b.h / 2 + font * 0.65} fontSize={font * 0.8} textAnchor="middle" dominantBaseline="central" fill="#141414" pointerEvents="none">
                {b.label.length > 14 ? `${b.label.slice(0, 13)}…` : b.label}
              </text>
            )}
          </g>
        );
      })}
      {draft && draft.w > 0 && draft.h > 0 && (
        <rect x={draft.x} y={draft.y} width={draft.w} height={draft.h} fill={STATE_COLORS.free} fillOpacity={0.25} stroke={SELECTED_COLOR} strokeDasharray="4 3" strokeWidth={2} vectorEffect="non-scaling-stroke" pointerEvents="none" />
      )}
      {selected &&
        onPointerDown &&
        handlePoints(selected).map((h) => (
          <rect
            key={h.handle}
            data-handle={h.handle satisfies Handle}
            data-testid={`handle-${h.handle}`}
            x={h.x - handle / 2}
            y={h.y - handle / 2}
            width={handle}
            height={handle}
            fill="#fff"
            stroke={SELECTED_COLOR}
            strokeWidth={1.5}
            vectorEffect="non-scaling-stroke"
            style={{ cursor: `${h.handle}-resize` }}
          />
        ))}
    </svg>
  );
});

/** The colour legend under a plan. */
export function PlanLegend({ withOverlap = false }: { withOverlap?: boolean }) {
  const { t } = useTranslation();
  const swatch = (color: string, dashed = false) => (
    <span style={{ display: 'inline-block', width: 14, height: 14, marginRight: 6, verticalAlign: 'middle', background: dashed ? 'transparent' : color, opacity: dashed ? 1 : 0.6, border: `2px ${dashed ? 'dashed' : 'solid'} ${color}` }} />
  );
  return (
    <Space size="large" wrap data-testid="plan-legend">
      <Typography.Text type="secondary">{t('booth.legend.title')}</Typography.Text>
      {(['free', 'reserved', 'sold'] as const).map((s) => (
        <span key={s}>
          {swatch(STATE_COLORS[s])}
          {t(`booth.state.${s}`)}
        </span>
      ))}
      {withOverlap && (
        <span>
          {swatch(OVERLAP_COLOR, true)}
          {t('booth.legend.overlap')}
        </span>
      )}
    </Space>
  );
}
