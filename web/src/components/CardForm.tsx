import { LoadingOutlined, UserOutlined } from '@ant-design/icons';
import { cardTypes, type Card, type CardType } from '@pavilion/contract';
import { Avatar, Image, Tag } from 'antd';
import { type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from './ImageUpload.tsx';
import type { FormField } from './ResourceForm.tsx';

/** Staff badges (参展证): the pieces the host's screens and the exhibitor's ExCard share. */

/** The badge photo: a portrait preview with upload, replace and remove; the value is the uploaded image's URL. */
export function CardPhotoField({ value, onChange, id }: { value?: string | null; onChange?: (url: string | null) => void; id?: string }) {
  const { t } = useTranslation();
  return (
    <ImageUpload
      id={id}
      value={value}
      onChange={onChange}
      testId="card-photo-upload"
      labels={{ upload: 'cards.photo.upload', replace: 'cards.photo.replace', remove: 'cards.photo.remove' }}
      hint={t('cards.photo.hint')}
      preview={(busy) => <Avatar shape="square" size={{ xs: 72, md: 96 }} src={value || undefined} icon={busy ? <LoadingOutlined /> : <UserOutlined />} data-testid="card-photo-preview" />}
    />
  );
}

/** A small photo with a click-to-enlarge preview, or a placeholder. */
export function CardThumb({ card }: { card: Pick<Card, 'photo' | 'name'> }) {
  const { t } = useTranslation();
  return card.photo ? (
    <Image src={card.photo} alt={card.name} width={40} height={52} style={{ objectFit: 'cover', borderRadius: 4 }} data-testid="card-thumb" />
  ) : (
    <Avatar shape="square" size={40} icon={<UserOutlined />} aria-label={t('cards.photo.none')} />
  );
}

const TYPE_COLOR: Record<CardType, string> = { staff: 'blue', construction: 'orange', other: 'default' };
export function CardTypeTag({ type }: { type: CardType }) {
  const { t } = useTranslation();
  return <Tag color={TYPE_COLOR[type]}>{t(`cards.type.${type}`)}</Tag>;
}

export function PrintedTag({ card }: { card: Pick<Card, 'printed'> }) {
  const { t } = useTranslation();
  return (
    <Tag color={card.printed ? 'green' : 'default'} data-testid="card-printed">
      {t(card.printed ? 'cards.printed.yes' : 'cards.printed.no')}
    </Tag>
  );
}

export const cardTypeOptions = cardTypes.map((value) => ({ value, label: `cards.type.${value}` as const }));

/** The badge's own inputs, in the order a badge is read; the host's form adds the exhibitor first. */
export const cardFields: readonly FormField[] = [
  { name: 'name', label: 'cards.field.name' },
  { name: 'position', label: 'cards.field.position' },
  { name: 'phone', label: 'cards.field.phone', type: 'phone' },
  { name: 'email', label: 'cards.field.email' },
  { name: 'type', label: 'cards.field.type', type: 'select', options: cardTypeOptions, required: true },
  { name: 'idNumber', label: 'cards.field.idNumber' },
  { name: 'photo', label: 'cards.field.photo', input: <CardPhotoField /> },
];

/** A badge as the form holds it (new badges are exhibitor staff). */
export const cardFormValues = (card?: Card | null): Record<string, unknown> =>
  card
    ? { name: card.name, position: card.position, phone: card.phone, email: card.email ?? '', type: card.type, idNumber: card.idNumber ?? '', photo: card.photo }
    : { type: 'staff' };

/** Only pending badges can be decided, only approved ones printed: the selection keeps those. */
export const selectable = (rows: readonly Card[], keys: readonly Key[], state: 0 | 1): string[] => {
  const ok = new Set(rows.filter((r) => r.auditState === state).map((r) => r.id));
  return keys.map(String).filter((k) => ok.has(k));
};
