import type { MyEnquiry, Page } from '@pavilion/contract';
import { AuditState } from '@pavilion/contract/light';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Failed, Loading } from '../App.tsx';
import { visitorToken } from '../api.ts';
import { cst, nameIn } from '../format.ts';
import { useLoad, useSite } from '../hooks.ts';
import { enquiryExpoApi } from './enquiryApi.ts';

const when = (instant: string) => `${cst(instant).day} ${cst(instant).time}`;

/** /expo/:id/me/enquiries: the visitor's enquiries, newest first, with each exhibitor's answer. */
export default function EnquiryMine() {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix } = useSite();
  const signedIn = Boolean(visitorToken.get(exhibitionId));
  const [pageIndex, setPageIndex] = useState(1);
  const list = useLoad(() => (signedIn ? enquiryExpoApi.mine(exhibitionId, pageIndex) : Promise.resolve(null as Page<MyEnquiry> | null)), [exhibitionId, signedIn, pageIndex]);
  if (!signedIn) return <Navigate to={`${prefix}/login`} replace state={{ next: `${prefix}/me/enquiries` }} />;
  if (list.error) return <Failed onRetry={list.reload} />;
  if (!list.data) return <Loading />;
  const { items, totalPages } = list.data;
  return (
    <section className="my-enquiries" data-testid="my-enquiries">
      <h1>{t('enquiry.mine')}</h1>
      {items.length ? (
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((e) => (
            <EnquiryCard key={e.id} e={e} />
          ))}
        </ul>
      ) : (
        <p className="status">{t('enquiry.empty')}</p>
      )}
      {pageIndex < totalPages ? (
        <button type="button" className="button block" onClick={() => setPageIndex(pageIndex + 1)}>
          {t('enquiry.more')}
        </button>
      ) : null}
    </section>
  );
}

function EnquiryCard({ e }: { e: MyEnquiry }) {
  const { t } = useTranslation('expo');
  const { lang, prefix } = useSite();
  const status = e.auditState === AuditState.Pending ? t('enquiry.audit.pending') : e.auditState === AuditState.Rejected ? t('enquiry.audit.rejected') : t(`enquiry.state.${e.state}`);
  const company = e.companyName ? nameIn(lang, { name: e.companyName, nameEn: e.companyNameEn }) : '';
  return (
    <li style={{ padding: '0.75rem 0', borderBottom: '1px solid var(--line)', overflowWrap: 'anywhere' }} data-testid={`my-enquiry-${e.id}`}>
      <p style={{ margin: 0, display: 'flex', flexWrap: 'wrap', gap: '0.4rem', alignItems: 'center' }}>
        <span className="badge">{t(`enquiry.source.${e.source}`)}</span>
        <span className="badge">{status}</span>
        {e.isSample ? <span className="badge">{t('enquiry.sampleTag')}</span> : null}
        <span className="muted">{when(e.createAt)}</span>
      </p>
      <p style={{ margin: '0.4rem 0' }}>
        <Link to={`${prefix}/exhibitors/${e.exhibitorId}`}>{company}</Link>
        {e.productName && e.productId ? (
          <>
            {' · '}
            <Link to={`${prefix}/products/${e.productId}`}>{e.productName}</Link>
          </>
        ) : null}
      </p>
      <p style={{ margin: '0.4rem 0', whiteSpace: 'pre-wrap' }}>{e.content}</p>
      {e.reply ? (
        <div style={{ background: '#f4f6f9', borderRadius: 8, padding: '0.5rem 0.75rem' }} data-testid={`my-enquiry-reply-${e.id}`}>
          <p className="muted" style={{ margin: 0, fontSize: '0.85rem' }}>
            {t('enquiry.reply')}
            {e.repliedAt ? ` · ${when(e.repliedAt)}` : ''}
          </p>
          <p style={{ margin: '0.25rem 0 0', whiteSpace: 'pre-wrap' }}>{e.reply}</p>
        </div>
      ) : (
        <p className="muted" style={{ margin: 0 }}>
          {t('enquiry.noReply')}
        </p>
      )}
    </li>
  );
}
