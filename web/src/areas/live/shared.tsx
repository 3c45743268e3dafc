import { CopyOutlined } from '@ant-design/icons';
import { type LiveRoom, type LiveRoomKind, type LiveState } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Form, Grid, Input, InputNumber, Space, Switch, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { liveKeys, type LiveRoomChange } from '../../api/live.ts';
import { copyText } from '../../components/clipboard.ts';
import { RangePicker } from '../../components/DatePicker.tsx';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import { ImageField } from '../host/ImageField.tsx';

/** The visitor site's page of a room (built in web/src/expo), opened from the hall and the console. */
export const liveRoomSitePath = (exhibitionId: string, roomId: string) => `/expo/${exhibitionId}/live/${roomId}`;

export const roomTitle = (room: Pick<LiveRoom, 'title' | 'titleEn'>, en: boolean) => (en && room.titleEn ? room.titleEn : room.title);

const stateColor: Record<LiveState, string> = { live: 'red', idle: 'default', ended: 'default' };
export function LiveStateTag({ state, testId }: { state: LiveState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={stateColor[state]} data-testid={testId}>
      {state === 'live' ? <Badge status="error" text={t('live.state.live')} style={{ color: 'inherit', fontSize: 'inherit' }} /> : t(`live.state.${state}`)}
    </Tag>
  );
}

export function KindTag({ kind }: { kind: LiveRoomKind }) {
  const { t } = useTranslation();
  return <Tag color={kind === 'host' ? 'blue' : kind === 'activity' ? 'purple' : 'default'}>{t(`live.kind.${kind}`)}</Tag>;
}

/** One call of a live screen, then its lists refresh and the result is said; resolves whether it went through. */
export function useLiveAction() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (work: () => Promise<unknown>, done: MessageKey, values?: Record<string, unknown>): Promise<boolean> => {
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: liveKeys.all });
      feedback.message().success(String(t(done, values as never)), MESSAGE_SECONDS);
      return true;
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
      return false;
    }
  };
}

/** A value to paste elsewhere (push URL, stream key): shown whole, with a copy button. */
export function CopyField({ label, value, testId, secret = false }: { label: MessageKey; value: string; testId: string; secret?: boolean }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(value)) feedback.message().success(t('live.done.copied'), MESSAGE_SECONDS);
    else feedback.message().error(t('live.done.copyFailed'), MESSAGE_SECONDS);
  };
  return (
    <div className="live-copy-field">
      <Typography.Text type="secondary">{t(label)}</Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        {secret ? <Input.Password readOnly value={value} aria-label={t(label)} data-testid={testId} /> : <Input readOnly value={value} aria-label={t(label)} data-testid={testId} />}
        <Button icon={<CopyOutlined />} onClick={copy} data-testid={`${testId}-copy`}>
          {t('live.action.copy')}
        </Button>
      </Space.Compact>
    </div>
  );
}

/** What the room form edits; `plan` is the planned start and end. */
export interface RoomFormValues {
  title: string;
  titleEn?: string | null;
  cover?: string | null;
  introduction?: string;
  plan?: [Dayjs | null, Dayjs | null] | null;
  isShow: boolean;
  showIndex?: number | null;
}

export const roomFormValues = (room: LiveRoom | null): RoomFormValues =>
  room
    ? {
        title: room.title,
        titleEn: room.titleEn,
        cover: room.cover,
        introduction: room.introduction,
        plan: room.planStartAt || room.planEndAt ? [room.planStartAt ? dayjs(room.planStartAt) : null, room.planEndAt ? dayjs(room.planEndAt) : null] : null,
        isShow: room.isShow,
        showIndex: room.showIndex,
      }
    : { title: '', isShow: true, showIndex: 0, introduction: '' };

/** The form's values as the contract's room fields (empty optional texts become null). */
export function roomBody(values: RoomFormValues) {
  const trimmed = (s: string | null | undefined) => (s ?? '').trim();
  return {
    title: trimmed(values.title),
    titleEn: trimmed(values.titleEn) || null,
    cover: values.cover || null,
    introduction: trimmed(values.introduction),
    planStartAt: values.plan?.[0]?.toISOString() ?? null,
    planEndAt: values.plan?.[1]?.toISOString() ?? null,
    isShow: values.isShow,
    showIndex: values.showIndex ?? 0,
  };
}

/** Only the fields that differ from the saved room (an exhibitor's unchanged title must not go back to review). */
export function roomChanges(room: LiveRoom, values: RoomFormValues): LiveRoomChange {
  const body = roomBody(values);
  const same = (a: string | null, b: string | null) => (a === null || b === null ? a === b : dayjs(a).isSame(b));
  const changes: LiveRoomChange = {};
  if (body.title !== room.title) changes.title = body.title;
  if (body.titleEn !== room.titleEn) changes.titleEn = body.titleEn;
  if (body.cover !== room.cover) changes.cover = body.cover;
  if (body.introduction !== room.introduction) changes.introduction = body.introduction;
  if (!same(body.planStartAt, room.planStartAt)) changes.planStartAt = body.planStartAt;
  if (!same(body.planEndAt, room.planEndAt)) changes.planEndAt = body.planEndAt;
  if (body.isShow !== room.isShow) changes.isShow = body.isShow;
  if (body.showIndex !== room.showIndex) changes.showIndex = body.showIndex;
  return changes;
}

/** The room's fields inside an antd Form (the create/edit dialog and the console's settings). */
export function RoomFields({ withOrder = false }: { withOrder?: boolean }) {
  const { t } = useTranslation();
  // A wide cover preview and its buttons do not fit side by side on a phone.
  const wide = Grid.useBreakpoint().sm === true;
  return (
    <>
      <Form.Item name="title" label={t('live.field.title')} rules={[{ required: true, whitespace: true, message: t('live.rule.title') }, { max: 100 }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="titleEn" label={t('live.field.titleEn')} rules={[{ max: 200 }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="cover" label={t('live.field.cover')}>
        <ImageField wide={wide} />
      </Form.Item>
      <Form.Item name="introduction" label={t('live.field.introduction')} rules={[{ max: 2000 }]}>
        <Input.TextArea rows={4} maxLength={2000} showCount />
      </Form.Item>
      <Form.Item name="plan" label={t('live.field.plan')}>
        <RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty={[true, true]} style={{ width: '100%', maxWidth: 420 }} />
      </Form.Item>
      <Space size="large" wrap style={{ display: 'flex' }}>
        <Form.Item name="isShow" label={t('live.field.isShow')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {withOrder && (
          <Form.Item name="showIndex" label={t('live.field.showIndex')}>
            <InputNumber min={0} max={1_000_000} precision={0} />
          </Form.Item>
        )}
      </Space>
    </>
  );
}
