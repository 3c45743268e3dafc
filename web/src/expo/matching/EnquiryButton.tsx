import { AuditState, ENQUIRY_CONTENT_MAX } from '@pavilion/contract/light';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ExpoError, visitorToken } from '../api.ts';
import { useSite } from '../hooks.ts';
import { enquiryExpoApi } from './enquiryApi.ts';

/**
 * The "Enquire" button of a booth, product or live room: a bottom sheet with the enquiry, "request a sample" and
 * "share my contact details" (on by default, said plainly). Not signed in, it leads to the site's sign-in and back.
 */
export function EnquiryButton({ exhibitorId, productId, liveRoomId }: { exhibitorId: string; productId?: string; liveRoomId?: string }) {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix, home } = useSite();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState('');
  const [isSample, setIsSample] = useState(false);
  const [shareContact, setShareContact] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  if (!home?.features.includes('enquiry') || !home.journalDisplay.showEnquiryButton) return null;

  const start = () => {
    if (!visitorToken.get(exhibitionId)) {
      void navigate(`${prefix}/login`, { state: { next: pathname } });
      return;
    }
    setDone('');
    setError('');
    setOpen(true);
  };
  const send = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const sent = await enquiryExpoApi.send(exhibitionId, { exhibitorId, ...(productId ? { productId } : {}), ...(liveRoomId ? { liveRoomId } : {}), content: content.trim(), isSample, shareContact });
      setContent('');
      setIsSample(false);
      setOpen(false);
      setDone(t(sent.auditState === AuditState.Pending ? 'enquiry.pending' : 'enquiry.sent'));
    } catch (err) {
      if (!(err instanceof ExpoError && err.status === 401)) setError(err instanceof ExpoError && err.message ? err.message : t('enquiry.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="button primary" onClick={start} data-testid="enquiry-button">
        {t('enquiry.button')}
      </button>
      {done ? (
        <p className="message success" role="status" data-testid="enquiry-sent">
          {done} <Link to={`${prefix}/me/enquiries`}>{t('enquiry.mine')}</Link>
        </p>
      ) : null}
      {open ? (
        <div className="sheet-backdrop" onClick={(e) => e.target === e.currentTarget && setOpen(false)}>
          <form className="sheet" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} onSubmit={(e) => void send(e)} data-testid="enquiry-sheet">
            <div className="sheet-head">
              <h2 id={`${id}-title`}>{t('enquiry.title')}</h2>
              <button type="button" className="pushed-close" aria-label={t('enquiry.close')} onClick={() => setOpen(false)}>
                ×
              </button>
            </div>
            <label className="field" htmlFor={`${id}-content`}>
              {t('enquiry.content')}
            </label>
            <textarea
              id={`${id}-content`}
              rows={4}
              required
              maxLength={ENQUIRY_CONTENT_MAX}
              value={content}
              placeholder={t('enquiry.placeholder')}
              onChange={(e) => setContent(e.target.value)}
              autoFocus
              data-testid="enquiry-content"
            />
            <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', margin: '0.75rem 0' }}>
              <input type="checkbox" checked={isSample} onChange={(e) => setIsSample(e.target.checked)} data-testid="enquiry-sample" />
              <span>{t('enquiry.sample')}</span>
            </label>
            <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-start', margin: '0.75rem 0 0.25rem' }}>
              <input type="checkbox" checked={shareContact} onChange={(e) => setShareContact(e.target.checked)} aria-describedby={`${id}-share`} data-testid="enquiry-share" />
              <span>{t('enquiry.share')}</span>
            </label>
            <p id={`${id}-share`} className="muted" style={{ fontSize: '0.85rem', marginTop: 0, overflowWrap: 'anywhere' }}>
              {t('enquiry.shareHint')}
            </p>
            <p className="error" role="alert">
              {error}
            </p>
            <button type="submit" className="button primary block" disabled={busy || !content.trim()} data-testid="enquiry-send">
              {t('enquiry.send')}
            </button>
          </form>
        </div>
      ) : null}
    </>
  );
}
