import type { Page, PublicConsult } from '@pavilion/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Failed, Loading } from '../App.tsx';
import { useLoad, useSite } from '../hooks.ts';
import { ConsultForm, PublicConsultItem } from '../matching/ConsultParts.tsx';
import { consultExpoApi } from '../matching/consultApi.ts';

/** /expo/:id/consult ("咨询主办方 / Ask the organiser"): the question form and the public questions and answers. */
export default function Consult() {
  const { t } = useTranslation('expo');
  const { exhibitionId } = useSite();
  const [pages, setPages] = useState(1);
  const list = useLoad(async () => {
    const all: Page<PublicConsult>[] = [];
    for (let i = 1; i <= pages; i++) all.push(await consultExpoApi.list(exhibitionId, i));
    return { items: all.flatMap((p) => p.items), more: (all.at(-1)?.totalPages ?? 1) > pages };
  }, [exhibitionId, pages]);
  return (
    <section data-testid="consult-page" style={{ display: 'grid', gap: '1rem' }}>
      <div>
        <h1 style={{ margin: '0.5rem 0' }}>{t('consult.title')}</h1>
        <p className="muted" style={{ margin: 0 }}>
          {t('consult.intro')}
        </p>
      </div>
      <ConsultForm />
      <div>
        <h2 style={{ fontSize: '1.1rem', margin: '0.5rem 0' }}>{t('consult.qa')}</h2>
        {list.error ? (
          <Failed onRetry={list.reload} />
        ) : !list.data ? (
          <Loading />
        ) : list.data.items.length ? (
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="consult-qa">
            {list.data.items.map((c) => (
              <PublicConsultItem key={c.id} c={c} />
            ))}
          </ul>
        ) : (
          <p className="status">{t('consult.empty')}</p>
        )}
        {list.data?.more ? (
          <button type="button" className="button block" onClick={() => setPages(pages + 1)}>
            {t('consult.more')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
