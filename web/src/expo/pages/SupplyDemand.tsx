import type { ExpoSupplyDemand, SupplyDemandKind } from '@pavilion/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Failed } from '../App.tsx';
import { useSite } from '../hooks.ts';
import { supplyApi } from '../matching/SupplyApi.ts';
import { SupplyCard, SupplyPostButton } from '../matching/SupplyParts.tsx';

const PAGE_SIZE = 20;
type List = { items: ExpoSupplyDemand[]; pageIndex: number; total: number; more: boolean };
const kinds = ['', 'supply', 'demand'] as const;

/** The board /expo/{id}/business: tabs supply / demand, a search, the cards a page at a time, and the visitor's "Post". */
export default function SupplyDemandBoard() {
  const { t } = useTranslation('expo');
  const { exhibitionId } = useSite();
  const [params, setParams] = useSearchParams();
  const kind = (params.get('kind') ?? '') as SupplyDemandKind | '';
  const keyword = params.get('keyword') ?? '';
  const [text, setText] = useState(keyword);
  const [list, setList] = useState<List | null>(null);
  const [want, setWant] = useState(1);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    let current = true;
    supplyApi.page(exhibitionId, { pageIndex: want, pageSize: PAGE_SIZE, kind: kind || undefined, keyword: keyword || undefined }).then(
      (page) => {
        if (!current) return;
        setFailed(false);
        setList((l) => {
          const before = want > 1 && l ? l.items : [];
          const seen = new Set(before.map((x) => x.id));
          return { items: [...before, ...page.items.filter((x) => !seen.has(x.id))], pageIndex: page.pageIndex, total: page.totalCount, more: page.pageIndex < page.totalPages };
        });
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [exhibitionId, want, round, kind, keyword]);

  const pick = (next: Record<string, string>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setWant(1);
    setList(null);
    setParams(p, { replace: true });
  };
  const loading = !failed && (!list || list.pageIndex < want);
  return (
    <section aria-labelledby="supply-title">
      <div className="supply-head">
        <h1 id="supply-title">{t('supply.title')}</h1>
        <SupplyPostButton
          onPosted={(pending) => {
            setNotice(t(pending ? 'supply.post.pending' : 'supply.post.sent'));
            setWant(1);
            setRound((r) => r + 1);
          }}
        />
      </div>
      <p className="muted" role="status">
        {notice}
      </p>
      <div className="tabs" role="tablist" aria-label={t('supply.tabs')}>
        {kinds.map((k) => (
          <button key={k || 'all'} type="button" role="tab" aria-selected={kind === k} className={`tab ${kind === k ? 'on' : ''}`} onClick={() => pick({ kind: k })} data-testid={`supply-tab-${k || 'all'}`}>
            {t(`supply.kind.${k || 'all'}`)}
          </button>
        ))}
      </div>
      <form
        className="row"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          pick({ keyword: text.trim() });
        }}
      >
        <input type="search" name="keyword" aria-label={t('supply.search')} placeholder={t('supply.search')} value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="button">
          {t('supply.searchButton')}
        </button>
      </form>
      {list?.items.length ? (
        <>
          <p className="muted">{t('supply.count', { total: list.total })}</p>
          <ul className="supply-list">
            {list.items.map((p) => (
              <SupplyCard key={p.id} post={p} />
            ))}
          </ul>
        </>
      ) : null}
      {failed ? (
        <Failed onRetry={() => setRound((r) => r + 1)} />
      ) : loading ? (
        <p className="status" role="status">
          {t('common.loading')}
        </p>
      ) : !list?.items.length ? (
        <p className="status">{t('supply.empty')}</p>
      ) : list.more ? (
        <div className="actions">
          <button type="button" className="button block" onClick={() => setWant(list.pageIndex + 1)}>
            {t('common.more')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
