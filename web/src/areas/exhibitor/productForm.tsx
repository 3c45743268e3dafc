import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, LoadingOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { AuditState, exhibitionSettings, type Country, type ExhibitionSettings, type Product, type ProductCategory, type ProductCertificate, type ProductGroup, type ProductTag } from '@pavilion/contract';
import { Button, Image, Select, Space, Tag, TreeSelect, Typography, Upload } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImages } from '../../api/files.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { checkImage, IMAGE_TYPES } from '../../components/ImageUpload.tsx';
import type { FormField } from '../../components/ResourceForm.tsx';
import { VideoUpload } from '../../components/VideoUpload.tsx';
import { RichTextEditor } from '../host/RichTextEditor.tsx';

/** The exhibition's product limits while its settings are not read: the contract's defaults (part 1 §5, §9). */
export const productLimitDefaults = {
  pictures: exhibitionSettings.shape.productImageUploadNumber.parse(undefined),
  products: exhibitionSettings.shape.exhibitorsLoadProductNumber.parse(undefined),
};

/** A category's name in the page's language. */
export const categoryName = (c: Pick<ProductCategory, 'name' | 'nameEn'>, en: boolean) => (en && c.nameEn ? c.nameEn : c.name);

/** A product's cover (its first picture) as lists show it, or a placeholder when it has none. */
export function ProductCover({ product }: { product: Pick<Product, 'name' | 'pictures'> }) {
  const cover = product.pictures[0];
  return cover ? <Image src={cover} width={64} height={48} style={{ objectFit: 'contain' }} alt={product.name} /> : <PictureOutlined style={{ fontSize: 28, color: '#8c8c8c' }} aria-hidden />;
}

/** The flat category list → antd tree data (roots with their children, in the server's order). */
export function categoryTree(categories: readonly ProductCategory[], en: boolean) {
  const node = (c: ProductCategory) => ({ value: c.id, title: categoryName(c, en) });
  return categories.filter((c) => !c.parentId).map((root) => ({ ...node(root), children: categories.filter((c) => c.parentId === root.id).map(node) }));
}

/** The exhibition's tag tree (`/api/v1/protag/getbyexhibitionid`) → antd tree data. */
type TagNode = { value: string; title: string; children: TagNode[] };
export const tagTree = (tags: readonly ProductTag[], en: boolean): TagNode[] =>
  tags.map((tag) => ({ value: tag.id, title: categoryName(tag, en), children: tagTree(tag.children, en) }));

/** Form values of a product (null: a new one). */
export function productFormValues(product: Product | null) {
  return {
    name: product?.name ?? '',
    nameEn: product?.nameEn ?? '',
    categoryId: product?.categoryId ?? undefined,
    tagIds: product?.tagIds ?? [],
    groupId: product?.groupId ?? undefined,
    originCountryId: product?.originCountryId ?? undefined,
    certificateIds: product?.certificateIds ?? [],
    pictures: product?.pictures ?? [],
    video: product?.videoUrl ? { url: product.videoUrl, cover: product.videoCover } : null,
    introductionZh: product?.introductionZh ?? '',
    introductionEn: product?.introductionEn ?? '',
    view3DUrl: product?.view3DUrl ?? '',
  };
}

/**
 * A change's body: the form leaves an emptied field out, which for the introductions (strings, no
 * null) would keep the old text, so an introduction that is absent was emptied and is sent as ''.
 */
export function productChangeOf<T extends { introductionZh?: string; introductionEn?: string }>(payload: T): T {
  return { ...payload, introductionZh: payload.introductionZh ?? '', introductionEn: payload.introductionEn ?? '' };
}

/** Pictures to keep when `adding` more are chosen: within the limit, and whether some were refused. */
export function fitPictures(current: readonly string[], adding: number, max: number) {
  const room = Math.max(0, max - current.length);
  return { accepted: Math.min(room, adding), refused: adding > room };
}

/** Moves the picture at `index` by `step` (−1 up, +1 down). */
export function movePicture(pictures: readonly string[], index: number, step: -1 | 1): string[] {
  const to = index + step;
  if (to < 0 || to >= pictures.length) return [...pictures];
  const next = [...pictures];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/**
 * The product's pictures as a form control: upload several at once up to `max` (the rest are refused
 * with the spec's message), reorder with up/down (the first is the cover), remove. The value is the
 * list of addresses in display order.
 */
export function ProductPictures({ value, onChange, max, id }: { value?: string[]; onChange?: (pictures: string[]) => void; max: number; id?: string }) {
  const { t } = useTranslation();
  const pictures = value ?? [];
  // Uploads finish one by one: each appends to the latest list, not to the one its render saw.
  const latest = useRef(pictures);
  useEffect(() => {
    latest.current = value ?? [];
  }, [value]);
  const [busy, setBusy] = useState(0);
  const set = (next: string[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const full = pictures.length + busy >= max;
  const refuse = () => feedback.message().error(t('products.pictureLimit', { max }), MESSAGE_SECONDS);

  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }} id={id} data-testid="product-pictures">
      <Space wrap size="small">
        {pictures.map((url, index) => (
          <div key={`${url}-${index}`} className="product-picture" data-testid={`product-picture-${index}`} style={{ width: 112, border: '1px solid #d9d9d9', borderRadius: 8, padding: 4 }}>
            <Image src={url} width={102} height={76} style={{ objectFit: 'contain' }} alt={t('products.pictureAlt', { index: index + 1 })} />
            <Space size={0} style={{ width: '100%', justifyContent: 'space-between' }}>
              {index === 0 ? <Tag color="blue" style={{ marginInlineEnd: 0 }}>{t('products.coverTag')}</Tag> : <span />}
              <Space size={0}>
                <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} aria-label={t('products.action.moveUp')} title={t('products.action.moveUp')} onClick={() => set(movePicture(pictures, index, -1))} data-testid={`product-picture-up-${index}`} />
                <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === pictures.length - 1} aria-label={t('products.action.moveDown')} title={t('products.action.moveDown')} onClick={() => set(movePicture(pictures, index, 1))} data-testid={`product-picture-down-${index}`} />
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('products.action.remove')} title={t('products.action.remove')} onClick={() => set(pictures.filter((_, i) => i !== index))} data-testid={`product-picture-remove-${index}`} />
              </Space>
            </Space>
          </div>
        ))}
      </Space>
      <Upload
        name="files"
        multiple
        accept={IMAGE_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file, batch) => {
          const checked = checkImage(file, t);
          if (checked !== true) return checked;
          // antd asks once per file with the whole batch: the files past the room left are refused, with one message.
          const { accepted, refused } = fitPictures(latest.current, batch.length, max - busy);
          const position = batch.indexOf(file);
          if (position >= accepted) {
            if (refused && position === accepted) refuse();
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          setBusy((n) => n + 1);
          try {
            const url = (await uploadImages([file as File]))[0]?.url;
            if (url) set([...latest.current, url].slice(0, max));
            onSuccess?.(url);
          } catch (error) {
            showError(error);
            onError?.(error as Error);
          } finally {
            setBusy((n) => n - 1);
          }
        }}
      >
        <Button icon={busy ? <LoadingOutlined /> : <UploadOutlined />} disabled={full} data-testid="product-picture-upload">
          {t('products.action.upload')}
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="product-picture-hint">
        {t('products.pictureHint', { count: pictures.length, max })}
      </Typography.Text>
      {pictures.length >= max && (
        <Typography.Text type="warning" data-testid="product-picture-limit">
          {t('products.pictureLimit', { max })}
        </Typography.Text>
      )}
    </Space>
  );
}

type VideoValue = { url: string; cover?: string | null } | null;

/**
 * The product's video as a form control over the resumable upload (purpose `productVideo`, whose policy
 * checks the exhibition's switch). While the exhibition has product videos off, no new one can be
 * chosen; one stored before the switch can still be removed.
 */
export function ProductVideo({ value, onChange, exhibitionId, enabled, id }: { value?: VideoValue; onChange?: (video: VideoValue) => void; exhibitionId: string; enabled: boolean; id?: string }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }} id={id} data-testid="product-video">
      {enabled ? (
        <VideoUpload value={value?.url ?? null} purpose="productVideo" metadata={{ exhibitionId }} testId="product-video-upload" onChange={(url, video) => onChange?.({ url, cover: video?.posterUrl ?? null })} />
      ) : (
        <>
          <Typography.Text type="secondary" data-testid="product-video-off">
            {t('products.videoOff')}
          </Typography.Text>
          {value && <video src={value.url} controls preload="metadata" aria-label={t('videoUpload.preview')} style={{ width: '100%', maxHeight: 240, background: '#000', borderRadius: 4 }} />}
        </>
      )}
      {value && (
        <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onChange?.(null)} data-testid="product-video-remove">
          {t('products.action.removeVideo')}
        </Button>
      )}
    </Space>
  );
}

/** Not filled: nothing, blank text, markup without text, an empty list. */
export const blankValue = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim()) || (Array.isArray(v) && v.length === 0);

/** What the host set on /live/index/basic/product for each optional field (null: everything asked, nothing extra required). */
export type ProductFormRules = ExhibitionSettings['productForm'] | null;

/**
 * The add/edit form's fields, for the exhibitor's screens and the host's on an exhibitor's behalf.
 * `rules` (the exhibitor's form only) hides or requires fields as the host set them.
 */
/** A country as the origin picker lists it: the page's language first, the other after it, so either can be searched. */
const countryText = (c: Country, en: boolean) => (en ? `${c.nameEn} (${c.name})` : `${c.name} (${c.nameEn})`);

export function productFields({
  categories,
  tags = [],
  groups = [],
  countries = [],
  certificates = [],
  en,
  maxPictures,
  t,
  exhibitionId,
  videoEnabled,
  rules = null,
}: {
  categories: readonly ProductCategory[];
  tags?: readonly ProductTag[];
  groups?: readonly ProductGroup[];
  countries?: readonly Country[];
  certificates?: readonly ProductCertificate[];
  en: boolean;
  maxPictures: number;
  t: TFunction;
  exhibitionId: string;
  videoEnabled: boolean;
  rules?: ProductFormRules;
}): FormField[] {
  const fields: FormField[] = [
    { name: 'name', label: 'products.field.name' },
    { name: 'nameEn', label: 'products.field.nameEn' },
    {
      name: 'categoryId',
      label: 'products.field.category',
      input: <TreeSelect allowClear treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} treeData={categoryTree(categories, en)} data-testid="product-category" />,
    },
    { name: 'groupId', label: 'catalogue.field.group', type: 'select', dynamicOptions: groups.map((g) => ({ value: g.id, text: categoryName(g, en) })), placeholder: 'catalogue.groupNone' },
    { name: 'originCountryId', label: 'catalogue.field.originCountry', type: 'select', dynamicOptions: countries.map((c) => ({ value: c.id, text: countryText(c, en) })), placeholder: 'catalogue.countrySearch' },
    {
      name: 'certificateIds',
      label: 'catalogue.field.certificates',
      input: (
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('catalogue.certificates.productHint')}
          options={certificates.filter((c) => c.auditState === AuditState.Approved).map((c) => ({ value: c.id, label: c.name }))}
          data-testid="product-certificates"
        />
      ),
    },
    {
      name: 'tagIds',
      label: 'catalog.field.tags',
      input: <TreeSelect multiple allowClear treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} treeData={tagTree(tags, en)} data-testid="product-tags" />,
    },
    {
      name: 'pictures',
      label: 'products.field.pictures',
      input: <ProductPictures max={maxPictures} />,
      rules: [{ validator: async (_rule, value: unknown) => { if (Array.isArray(value) && value.length > maxPictures) throw new Error(t('products.pictureLimit', { max: maxPictures })); } }],
    },
    { name: 'video', label: 'products.field.video', input: <ProductVideo exhibitionId={exhibitionId} enabled={videoEnabled} /> },
    { name: 'introductionZh', label: 'products.field.introductionZh', input: <RichTextEditor testId="product-intro-zh" label={t('products.field.introductionZh')} /> },
    { name: 'introductionEn', label: 'products.field.introductionEn', input: <RichTextEditor testId="product-intro-en" label={t('products.field.introductionEn')} /> },
    { name: 'view3DUrl', label: 'products.field.view3DUrl' },
  ];
  if (!rules) return fields;
  return fields.flatMap((f) => {
    const mode = (rules as Record<string, string | undefined>)[f.name];
    if (mode === 'hidden') return [];
    if (mode !== 'required') return [f];
    // An empty picture list or an editor left with an empty paragraph counts as not filled (as on the server).
    // Nothing or blank text is the `required` rule's to say (once); this catches the rest.
    const filled = {
      validator: async (_rule: unknown, value: unknown) => {
        if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) return;
        if (blankValue(value)) throw new Error(t('form.required', { label: t(f.label) }));
      },
    };
    return [{ ...f, required: true, rules: [...(f.rules ?? []), filled] }];
  });
}
