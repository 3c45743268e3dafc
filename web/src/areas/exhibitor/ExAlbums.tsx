import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, LoadingOutlined, PictureOutlined, StarFilled, StarOutlined, UploadOutlined } from '@ant-design/icons';
import { ALBUM_LIMIT, ALBUM_PHOTO_LIMIT, albumCreateBody, albumPatchBody, type Album, type AlbumDetail } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Empty, Image, Input, List, Popconfirm, Skeleton, Space, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { albumApi, albumKeys } from '../../api/albums.ts';
import { uploadImages } from '../../api/files.ts';
import { errorMessage, feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { checkImage, IMAGE_TYPES } from '../../components/ImageUpload.tsx';
import { FormDrawer, type FormField } from '../../components/ResourceForm.tsx';
import { langOfPath } from '../../i18n/index.ts';
import { useSession } from '../../session/store.ts';
import { categoryName, fitPictures, movePicture } from './productForm.tsx';
import { QuotaCard } from './QuotaCard.tsx';

const fields: FormField[] = [
  { name: 'name', label: 'catalogue.field.name' },
  { name: 'nameEn', label: 'catalogue.field.nameEn' },
  { name: 'showIndex', label: 'catalogue.field.showIndex', type: 'number' },
];

type Photo = { url: string; caption: string; captionEn: string };
const photosOf = (a: AlbumDetail): Photo[] => a.photos.map((p) => ({ url: p.url, caption: p.caption ?? '', captionEn: p.captionEn ?? '' }));

/** One album's photos, once read: the editor starts from them. */
function AlbumPhotos({ albumId, onClose }: { albumId: string; onClose: () => void }) {
  const detail = useQuery({ queryKey: albumKeys.detail(albumId), queryFn: () => albumApi.get(albumId) });
  return detail.data ? <PhotoEditor album={detail.data} onClose={onClose} /> : <Skeleton active />;
}

/** Upload several photos, caption them in both languages, reorder, remove, pick the cover; saved as one list. */
function PhotoEditor({ album, onClose }: { album: AlbumDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const albumId = album.id;
  const [photos, setPhotos] = useState<Photo[]>(() => photosOf(album));
  const [cover, setCover] = useState<string | null>(album.coverUrl);
  const [busy, setBusy] = useState(0);
  const [saving, setSaving] = useState(false);
  // Uploads finish one by one: each appends to the latest list, not to the one its render saw.
  const latest = useRef<Photo[]>(photos);
  useEffect(() => {
    latest.current = photos;
  }, [photos]);
  const set = (next: Photo[]) => {
    latest.current = next;
    setPhotos(next);
  };
  const urls = photos.map((p) => p.url);
  const move = (index: number, step: -1 | 1) => {
    const order = movePicture(urls, index, step);
    set(order.map((url) => photos.find((p) => p.url === url)!));
  };
  const edit = (index: number, patch: Partial<Photo>) => set(photos.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const save = async () => {
    setSaving(true);
    try {
      await albumApi.photos(albumId, { photos });
      // The chosen cover must still be one of the photos, else the first one stands in.
      const kept = cover && urls.includes(cover) ? cover : null;
      if (kept !== album.coverUrl) await albumApi.update(albumId, { coverUrl: kept });
      await queryClient.invalidateQueries({ queryKey: albumKeys.all });
      feedback.message().success(t('catalogue.albums.photosSaved'), MESSAGE_SECONDS);
      onClose();
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="album-photos">
      <Typography.Text type="secondary">{t('catalogue.albums.photoCount', { count: photos.length, max: ALBUM_PHOTO_LIMIT })}</Typography.Text>
      {photos.map((p, index) => (
        <Card key={p.url} size="small" data-testid={`album-photo-${index}`}>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-start' }}>
            <Image src={p.url} width={96} height={72} style={{ objectFit: 'cover' }} alt={t('catalogue.albums.photoAlt', { index: index + 1 })} />
            <Space orientation="vertical" size={4} style={{ minWidth: 0, flex: '1 1 200px' }}>
              <Input value={p.caption} maxLength={200} placeholder={t('catalogue.field.caption')} aria-label={t('catalogue.field.caption')} onChange={(e) => edit(index, { caption: e.target.value })} data-testid={`album-caption-${index}`} />
              <Input value={p.captionEn} maxLength={400} placeholder={t('catalogue.field.captionEn')} aria-label={t('catalogue.field.captionEn')} onChange={(e) => edit(index, { captionEn: e.target.value })} />
              <Space size={0}>
                <Button size="small" type="text" icon={cover === p.url || (!cover && index === 0) ? <StarFilled /> : <StarOutlined />} aria-label={t('catalogue.field.cover')} title={t('catalogue.field.cover')} onClick={() => setCover(p.url)} />
                <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} aria-label={t('products.action.moveUp')} title={t('products.action.moveUp')} onClick={() => move(index, -1)} />
                <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === photos.length - 1} aria-label={t('products.action.moveDown')} title={t('products.action.moveDown')} onClick={() => move(index, 1)} />
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('products.action.remove')} title={t('products.action.remove')} onClick={() => set(photos.filter((_, i) => i !== index))} />
              </Space>
            </Space>
          </div>
        </Card>
      ))}
      <Upload
        name="files"
        multiple
        accept={IMAGE_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file, batch) => {
          const checked = checkImage(file, t);
          if (checked !== true) return checked;
          const { accepted, refused } = fitPictures(latest.current.map((x) => x.url), batch.length, ALBUM_PHOTO_LIMIT - busy);
          const position = batch.indexOf(file);
          if (position >= accepted) {
            if (refused && position === accepted) feedback.message().error(t('catalogue.albums.photoLimit', { max: ALBUM_PHOTO_LIMIT }), MESSAGE_SECONDS);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          setBusy((n) => n + 1);
          try {
            const url = (await uploadImages([file as File]))[0]?.url;
            if (url) set([...latest.current, { url, caption: '', captionEn: '' }]);
            onSuccess?.(url);
          } catch (error) {
            showError(error);
            onError?.(error as Error);
          } finally {
            setBusy((n) => n - 1);
          }
        }}
      >
        <Button icon={busy ? <LoadingOutlined /> : <UploadOutlined />} disabled={photos.length + busy >= ALBUM_PHOTO_LIMIT} data-testid="album-upload">
          {t('catalogue.albums.upload')}
        </Button>
      </Upload>
      <Space>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" loading={saving} disabled={busy > 0} onClick={save} data-testid="album-photos-save">
          {t('catalogue.albums.savePhotos')}
        </Button>
      </Space>
    </Space>
  );
}

/** /ex-live/index/set/album (and -en): the exhibitor's booth albums; each opens its photos. */
export default function ExAlbums() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const en = langOfPath(pathname) === 'en';
  const queryClient = useQueryClient();
  const { exhibitorId } = useSession();
  const list = useQuery({ queryKey: albumKeys.list(exhibitorId ?? ''), queryFn: () => albumApi.list(exhibitorId!), enabled: Boolean(exhibitorId) });
  const [editing, setEditing] = useState<Album | 'new' | null>(null);
  const [photosOfAlbum, setPhotosOfAlbum] = useState<Album | null>(null);

  if (!exhibitorId) return <Alert type="warning" showIcon title={t('products.missingExhibitor')} />;
  const albums = list.data?.items ?? [];
  const full = albums.length >= ALBUM_LIMIT;
  const refresh = () => queryClient.invalidateQueries({ queryKey: albumKeys.all });
  const saved = async () => {
    setEditing(null);
    await refresh();
    feedback.message().success(t('catalogue.albums.saved'), MESSAGE_SECONDS);
  };
  const remove = async (a: Album) => {
    try {
      await albumApi.remove(a.id);
      await refresh();
      feedback.message().success(t('catalogue.albums.deleted'), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };

  return (
    <Space orientation="vertical" size="large" className="page" style={{ width: '100%' }}>
      <QuotaCard testId="album" intro={t('catalogue.albums.intro')} count={t('catalogue.albums.count', { count: albums.length, max: ALBUM_LIMIT })} addLabel={t('catalogue.albums.add')} full={full} busy={list.isPending} onAdd={() => setEditing('new')} limitReached={t('catalogue.albums.limitReached')} />
      <List
        grid={{ gutter: 16, xs: 1, sm: 2, md: 2, lg: 3, xl: 4, xxl: 4 }}
        loading={list.isFetching}
        dataSource={albums}
        locale={{ emptyText: <Empty description={t('catalogue.albums.empty')} /> }}
        renderItem={(a) => (
          <List.Item>
            <Card
              data-testid={`album-${a.id}`}
              cover={a.cover ? <Image src={a.cover} height={160} style={{ objectFit: 'cover' }} alt={categoryName(a, en)} preview={false} /> : <div style={{ height: 160, display: 'grid', placeItems: 'center', background: '#fafafa' }}><PictureOutlined style={{ fontSize: 40, color: '#bfbfbf' }} aria-label={t('catalogue.albums.noCover')} /></div>}
              actions={[
                <Button key="photos" type="link" icon={<PictureOutlined />} onClick={() => setPhotosOfAlbum(a)} data-testid={`album-photos-${a.id}`}>{t('catalogue.albums.managePhotos')}</Button>,
                <Button key="edit" type="text" icon={<EditOutlined />} aria-label={t('catalogue.albums.edit')} title={t('catalogue.albums.edit')} onClick={() => setEditing(a)} data-testid={`album-edit-${a.id}`} />,
                <Popconfirm key="delete" title={t('catalogue.albums.confirmDelete', { name: categoryName(a, en) })} onConfirm={() => remove(a)} okButtonProps={{ danger: true }}>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('products.action.delete')} title={t('products.action.delete')} data-testid={`album-delete-${a.id}`} />
                </Popconfirm>,
              ]}
            >
              <Card.Meta title={categoryName(a, en)} description={t('catalogue.albums.photoCount', { count: a.photoCount, max: ALBUM_PHOTO_LIMIT })} />
            </Card>
          </List.Item>
        )}
      />
      {editing === 'new' ? (
        <FormDrawer open title={t('catalogue.albums.add')} onClose={() => setEditing(null)} name="album" fields={fields} schema={albumCreateBody} initialValues={{ showIndex: albums.length }}
          onSubmit={async (payload) => {
            await albumApi.create(payload);
            await saved();
          }} />
      ) : (
        <FormDrawer open={editing !== null} title={t('catalogue.albums.edit')} onClose={() => setEditing(null)} name="album" fields={fields} schema={albumPatchBody}
          initialValues={editing ? { name: editing.name, nameEn: editing.nameEn ?? '', showIndex: editing.showIndex } : undefined}
          onSubmit={async (payload) => {
            if (!editing) return;
            await albumApi.update(editing.id, payload);
            await saved();
          }} />
      )}
      <Drawer open={photosOfAlbum !== null} title={photosOfAlbum ? categoryName(photosOfAlbum, en) : ''} onClose={() => setPhotosOfAlbum(null)} destroyOnHidden size={560}>
        {photosOfAlbum && <AlbumPhotos albumId={photosOfAlbum.id} onClose={() => setPhotosOfAlbum(null)} />}
      </Drawer>
    </Space>
  );
}
