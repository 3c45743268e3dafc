import { LoadingOutlined, PictureOutlined } from '@ant-design/icons';
import { Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../components/ImageUpload.tsx';

/** An image setting (logo, banner, floor plan) as a form control; the value is the uploaded image's URL, or null. */
export function ImageField({ value, onChange, id, wide = false }: { value?: string | null; onChange?: (url: string | null) => void; id?: string; wide?: boolean }) {
  const { t } = useTranslation();
  const size = wide ? { width: 240, height: 96 } : { width: 96, height: 96 };
  return (
    <ImageUpload
      id={id}
      value={value}
      onChange={onChange}
      labels={{ upload: 'hostExh.image.upload', replace: 'hostExh.image.replace', remove: 'hostExh.image.remove' }}
      hint={t('hostExh.image.hint')}
      preview={(busy) => (
        <div className="image-field-preview" style={{ ...size, display: 'flex', alignItems: 'center', justifyContent: 'center', border: '1px dashed #d9d9d9', borderRadius: 8, overflow: 'hidden', background: '#fafafa' }}>
          {busy ? <LoadingOutlined /> : value ? <Image src={value} alt={t('hostExh.image.current')} preview={false} width={size.width} height={size.height} style={{ objectFit: 'contain' }} /> : <PictureOutlined style={{ fontSize: 28, color: '#bfbfbf' }} />}
        </div>
      )}
    />
  );
}
