import { DeleteOutlined, SaveOutlined, UndoOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { boothSpaceTypes, computedArea, firstDuplicateCode, type Booth, type BoothSpaceType, type BoothState, type HallPlan } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Form, Input, InputNumber, Row, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { boothApi, boothKeys } from '../../api/booth.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { PlanLegend, PlanSvg, STATE_TAGS } from '../../components/booth/PlanSvg.tsx';
import { clientToPlan, defaultGrid, hitTest, moveRect, nextCode, overlappingKeys, rectFromDrag, resizeRect, stepZoom, type Handle, type Point } from '../../components/booth/geometry.ts';

/** A booth being edited: `id` once saved, `key` for React and selection; `area` only when typed. */
export type DraftBooth = {
  key: string;
  id?: string;
  code: string;
  x: number;
  y: number;
  w: number;
  h: number;
  type: BoothSpaceType;
  area: number | null;
  state: BoothState;
  companyName: string | null;
};

export const draftOf = (b: Booth): DraftBooth => ({
  key: b.id,
  id: b.id,
  code: b.code,
  x: b.x,
  y: b.y,
  w: b.w,
  h: b.h,
  type: b.type,
  area: b.areaManual ? b.area : null,
  state: b.state,
  companyName: b.companyName,
});

/** The layout as the bulk call takes it. */
export const layoutOf = (drafts: readonly DraftBooth[]) =>
  drafts.map((d, i) => ({ ...(d.id ? { id: d.id } : {}), code: d.code.trim(), x: d.x, y: d.y, w: d.w, h: d.h, type: d.type, ...(d.area !== null ? { area: d.area } : {}), showIndex: i }));

type Drag =
  | { mode: 'create'; start: Point }
  | { mode: 'move'; key: string; start: Point; origin: DraftBooth; moved: boolean }
  | { mode: 'resize'; key: string; handle: Handle; origin: DraftBooth };

let localKeys = 0;

/**
 * The floor-plan editor over one hall's plan: draw booths by dragging on an empty spot, move them,
 * resize them by their handles, edit the selected booth in the side panel, save the whole layout in
 * one call (PUT /api/v3/booth/bulk). Geometry lives in components/booth/geometry.ts.
 */
export function BoothEditor({ plan, booths }: { plan: HallPlan; booths: readonly Booth[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<DraftBooth[]>(() => booths.map(draftOf));
  const [dirty, setDirty] = useState(false);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [grid, setGrid] = useState(() => defaultGrid(plan));
  const [snapOn, setSnapOn] = useState(true);
  const [zoom, setZoom] = useState(1);
  const [saving, setSaving] = useState(false);
  const [creating, setCreating] = useState<{ x: number; y: number; w: number; h: number } | null>(null);
  const [fitWidth, setFitWidth] = useState(900);
  const drag = useRef<Drag | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const frame = useRef<HTMLDivElement>(null);

  // A fresh server answer (a save, a refetch) replaces the drafts unless there are unsaved changes.
  const [source, setSource] = useState(booths);
  if (source !== booths) {
    setSource(booths);
    if (!dirty) setDrafts(booths.map(draftOf));
  }

  useEffect(() => {
    const el = frame.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setFitWidth(Math.max(300, el.clientWidth - 2)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const step = snapOn ? grid : 0;
  const minSize = Math.max(grid, plan.width / 500);
  const overlaps = useMemo(() => overlappingKeys(drafts), [drafts]);
  const selected = drafts.find((d) => d.key === selectedKey) ?? null;
  const pixelWidth = Math.round(fitWidth * zoom);

  const change = useCallback((key: string, patch: Partial<DraftBooth>) => {
    setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...patch } : d)));
    setDirty(true);
  }, []);
  const remove = useCallback((key: string) => {
    setDrafts((all) => all.filter((d) => d.key !== key));
    setSelectedKey(null);
    setDirty(true);
  }, []);

  const pointOf = (e: PointerEvent<SVGSVGElement>): Point => {
    const box = svg.current!.getBoundingClientRect();
    return clientToPlan({ x: e.clientX, y: e.clientY }, box, plan);
  };

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    if (e.button !== 0) return;
    frame.current?.focus({ preventScroll: true });
    const p = pointOf(e);
    svg.current?.setPointerCapture?.(e.pointerId);
    const handle = (e.target as Element).getAttribute('data-handle') as Handle | null;
    if (handle && selected) {
      drag.current = { mode: 'resize', key: selected.key, handle, origin: selected };
      return;
    }
    const hit = hitTest(drafts, p);
    if (hit) {
      setSelectedKey(hit);
      drag.current = { mode: 'move', key: hit, start: p, origin: drafts.find((d) => d.key === hit)!, moved: false };
      return;
    }
    setSelectedKey(null);
    drag.current = { mode: 'create', start: p };
    setCreating(rectFromDrag(p, p, step, plan));
  };

  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    if (!d) return;
    const p = pointOf(e);
    if (d.mode === 'create') setCreating(rectFromDrag(d.start, p, step, plan));
    else if (d.mode === 'move') {
      const next = moveRect(d.origin, p.x - d.start.x, p.y - d.start.y, step, plan);
      if (next.x !== d.origin.x || next.y !== d.origin.y || d.moved) {
        d.moved = true;
        change(d.key, { x: next.x, y: next.y });
      }
    } else change(d.key, resizeRect(d.origin, d.handle, p, step, plan, minSize));
  };

  const onPointerUp = (e: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    drag.current = null;
    svg.current?.releasePointerCapture?.(e.pointerId);
    if (d?.mode !== 'create') return;
    const rect = rectFromDrag(d.start, pointOf(e), step, plan);
    setCreating(null);
    if (rect.w < minSize || rect.h < minSize) return;
    const key = `new-${++localKeys}`;
    setDrafts((all) => [...all, { key, code: nextCode(all.map((b) => b.code)), ...rect, type: 'standard', area: null, state: 'free', companyName: null }]);
    setSelectedKey(key);
    setDirty(true);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!selected || e.target !== frame.current) return;
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      remove(selected.key);
      return;
    }
    const nudge = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (!nudge) return;
    e.preventDefault();
    const by = step || plan.width / 200;
    const next = moveRect(selected, nudge[0]! * by, nudge[1]! * by, step, plan);
    change(selected.key, { x: next.x, y: next.y });
  };

  const save = async () => {
    if (drafts.some((d) => !d.code.trim())) return void feedback.message().error(t('booth.editor.codeRequired'), MESSAGE_SECONDS);
    const dup = firstDuplicateCode(drafts.map((d) => d.code));
    if (dup) return void feedback.message().error(t('booth.editor.duplicate', { code: drafts[dup[1]]!.code }), MESSAGE_SECONDS);
    if (overlaps.size) return void feedback.message().error(t('booth.editor.overlap', { count: overlaps.size }), MESSAGE_SECONDS);
    setSaving(true);
    try {
      const result = await boothApi.saveLayout(plan.hallId, layoutOf(drafts));
      setDrafts(result.items.map(draftOf));
      setSelectedKey((key) => (key && result.items.some((b) => b.id === key) ? key : null));
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: boothKeys.all });
      feedback.message().success(t('booth.editor.saved', result), MESSAGE_SECONDS);
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  const discard = () => {
    setDrafts(booths.map(draftOf));
    setSelectedKey(null);
    setDirty(false);
  };

  const autoArea = selected ? computedArea(selected, plan.scale) : null;

  return (
    <Row gutter={16} wrap={false} style={{ alignItems: 'flex-start' }}>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card
          size="small"
          variant="borderless"
          title={
            <Space wrap>
              <Tooltip title={t('booth.editor.zoomOut')}>
                <Button icon={<ZoomOutOutlined />} onClick={() => setZoom((z) => stepZoom(z, -1))} aria-label={t('booth.editor.zoomOut')} data-testid="zoom-out" />
              </Tooltip>
              <Typography.Text data-testid="zoom-level">{Math.round(zoom * 100)}%</Typography.Text>
              <Tooltip title={t('booth.editor.zoomIn')}>
                <Button icon={<ZoomInOutlined />} onClick={() => setZoom((z) => stepZoom(z, 1))} aria-label={t('booth.editor.zoomIn')} data-testid="zoom-in" />
              </Tooltip>
              <Typography.Text type="secondary">{t('booth.editor.grid')}</Typography.Text>
              <InputNumber size="small" min={0.01} value={grid} onChange={(v) => v && setGrid(v)} style={{ width: 90 }} data-testid="grid-size" />
              <Switch size="small" checked={snapOn} onChange={setSnapOn} checkedChildren={t('booth.editor.snap')} unCheckedChildren={t('booth.editor.snap')} />
              <Typography.Text type="secondary">{t('booth.editor.count', { count: drafts.length })}</Typography.Text>
            </Space>
          }
          extra={
            <Space>
              {dirty && <Tag color="orange">{t('booth.editor.unsaved')}</Tag>}
              <Button icon={<UndoOutlined />} onClick={discard} disabled={!dirty}>
                {t('booth.editor.discard')}
              </Button>
              <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={save} disabled={!dirty} data-testid="save-layout">
                {t('booth.editor.save')}
              </Button>
            </Space>
          }
        >
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('booth.editor.hint')}
          </Typography.Paragraph>
          <div
            ref={frame}
            tabIndex={0}
            onKeyDown={onKeyDown}
            data-testid="plan-frame"
            style={{ overflow: 'auto', maxHeight: '68vh', border: '1px solid #f0f0f0', outline: 'none' }}
          >
            <PlanSvg
              ref={svg}
              testId="plan-editor"
              plan={plan}
              booths={drafts}
              pixelWidth={pixelWidth}
              grid={snapOn ? grid : 0}
              selectedKey={selectedKey}
              overlaps={overlaps}
              draft={creating}
              cursor="crosshair"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
            />
          </div>
          <div style={{ marginTop: 8 }}>
            <PlanLegend withOverlap />
          </div>
        </Card>
      </Col>
      <Col flex="300px">
        <Card size="small" title={t('booth.editor.selected')} data-testid="booth-panel">
          {!selected ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('booth.editor.noneSelected')} />
          ) : (
            <Form layout="vertical" size="small" key={selected.key}>
              <Form.Item label={t('booth.field.code')} required validateStatus={selected.code.trim() ? undefined : 'error'}>
                <Input value={selected.code} maxLength={50} onChange={(e) => change(selected.key, { code: e.target.value })} data-testid="booth-code" />
              </Form.Item>
              <Form.Item label={t('booth.field.type')}>
                <Select
                  value={selected.type}
                  onChange={(type) => change(selected.key, { type })}
                  options={boothSpaceTypes.map((v) => ({ value: v, label: t(`booth.type.${v}`) }))}
                  data-testid="booth-type"
                />
              </Form.Item>
              <Form.Item label={t('booth.field.area')} extra={autoArea !== null ? t('booth.editor.areaAuto', { area: autoArea }) : t('booth.editor.areaNone')}>
                <InputNumber
                  value={selected.area}
                  min={0.01}
                  placeholder={autoArea !== null ? String(autoArea) : undefined}
                  onChange={(v) => change(selected.key, { area: typeof v === 'number' ? v : null })}
                  style={{ width: '100%' }}
                  data-testid="booth-area"
                />
              </Form.Item>
              <Row gutter={8}>
                {(['x', 'y', 'w', 'h'] as const).map((k) => (
                  <Col span={12} key={k}>
                    <Form.Item label={t(`booth.field.${k}`)}>
                      <InputNumber
                        value={selected[k]}
                        min={k === 'w' || k === 'h' ? minSize : 0}
                        onChange={(v) => typeof v === 'number' && change(selected.key, { [k]: v })}
                        style={{ width: '100%' }}
                        data-testid={`booth-${k}`}
                      />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
              <Form.Item label={t('booth.field.state')}>
                <Tag color={STATE_TAGS[selected.state]}>{t(`booth.state.${selected.state}`)}</Tag>
                {selected.companyName && (
                  <Typography.Paragraph type="secondary" style={{ marginTop: 4, marginBottom: 0 }}>
                    {t('booth.editor.holder', { name: selected.companyName })}
                  </Typography.Paragraph>
                )}
              </Form.Item>
              {overlaps.has(selected.key) && <Alert type="error" showIcon title={t('booth.editor.overlap', { count: overlaps.size })} style={{ marginBottom: 12 }} />}
              <Button danger block icon={<DeleteOutlined />} onClick={() => remove(selected.key)} data-testid="booth-delete">
                {t('booth.editor.delete')}
              </Button>
            </Form>
          )}
        </Card>
      </Col>
    </Row>
  );
}
