import { PaperClipOutlined } from '@ant-design/icons';
import type { ExhibitorPlace } from '@pavilion/contract';
import { Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/dates.ts';
import { boothCodes } from './placeForm.ts';
import { safeHref } from '../safeUrl.ts';

/** Booth codes as tags, or "to be assigned". */
export function BoothCodes({ boothInfo }: { boothInfo: string | null }) {
  const { t } = useTranslation();
  const codes = boothCodes(boothInfo);
  if (!codes.length) return <Typography.Text type="secondary">{t('place.notAssigned')}</Typography.Text>;
  return (
    <Space size={4} wrap data-testid="booth-codes">
      {codes.map((c) => (
        <Tag key={c} color="geekblue">
          {c}
        </Tag>
      ))}
    </Space>
  );
}

/** The area in m² when it is a number (as booth assignment keeps it), else the text as entered. */
export const boothAreaText = (area: string | null, t: (key: 'place.area', o: { area: string }) => string, empty: string) => {
  const a = area?.trim();
  if (!a) return empty;
  return /^\d+(\.\d+)?$/.test(a) ? t('place.area', { area: a }) : a;
};

/** An exhibitor's booth and build-up data, read-only (the host's drawer and audit rows). */
export function PlaceDetails({ item }: { item: ExhibitorPlace }) {
  const { t } = useTranslation();
  const empty = t('common.empty');
  const p = item.place;
  const v = (s: string | number | null | undefined) => (s === null || s === undefined || s === '' ? empty : String(s));
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 2 }}
      data-testid="place-details"
      items={[
        { key: 'boothInfo', label: t('place.field.boothInfo'), children: <BoothCodes boothInfo={item.boothInfo} /> },
        { key: 'boothArea', label: t('place.field.boothArea'), children: boothAreaText(item.boothArea, t, empty) },
        { key: 'boothType', label: t('place.field.boothType'), children: p ? t(`place.boothType.${p.boothType}`) : t('place.notSubmitted') },
        { key: 'powerKw', label: t('place.field.powerKw'), children: v(p?.powerKw) },
        { key: 'contractorName', label: t('place.field.contractorName'), children: v(p?.contractorName) },
        { key: 'contractor', label: t('place.field.contractorContact'), children: p?.contractorContact ? `${p.contractorContact} ${p.contractorPhone ?? ''}` : v(p?.contractorPhone) },
        { key: 'siteManager', label: t('place.field.siteManager'), children: p?.siteManager ? `${p.siteManager} ${p.siteManagerPhone ?? ''}` : v(p?.siteManagerPhone) },
        { key: 'submitAt', label: t('place.field.submitAt'), children: p?.submitAt ? formatDateTime(p.submitAt) : empty },
        { key: 'remark', label: t('place.field.remark'), span: 'filled', children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{v(p?.remark)}</Typography.Paragraph> },
        {
          key: 'drawings',
          label: t('place.field.drawings'),
          span: 'filled',
          children: p?.drawings.length ? (
            <Space orientation="vertical" size={2}>
              {p.drawings.map((d) => (
                <Typography.Link key={d.url} href={safeHref(d.url) ?? undefined} target="_blank" rel="noreferrer">
                  <PaperClipOutlined /> {d.name}
                </Typography.Link>
              ))}
            </Space>
          ) : (
            t('place.noDrawings')
          ),
        },
        ...(p?.auditState === 2 && p.auditReason ? [{ key: 'reason', label: t('place.field.reason'), span: 'filled' as const, children: <Typography.Text type="danger">{p.auditReason}</Typography.Text> }] : []),
      ]}
    />
  );
}
