import type { ExpoDirectoryItem } from '@pavilion/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Failed } from '../App.tsx';
import { expoApi } from '../api.ts';
import { formatCount, nameIn } from '../format.ts';
import { useSite } from '../hooks.ts';
import { LazyImage, PRELOAD_MARGIN } from '../LazyImage.tsx';

const SIZE = 20;

type List = { items: ExpoDirectoryItem[]; page: number; total: number; done: boolean };

/** The exhibitor directory: search (Chinese, pinyin, English), category, an endless list that asks for the next page near its end. */
export default function Directory() {
  const { t } = useTranslation('expo');
  const { lang, home } = useSite();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const categoryId = params.get('category') ?? '';
  const [typed, setTyped] = useState(keyword);

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <>
      <h1>{t('directory.title')}</h1>
      <form
        className="search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          set('keyword', typed.trim());
        }}
      >
        <label className="field">
          <span className="label">{t('directory.search')}</span>
          <input type="search" value={typed} placeholder={t('directory.searchPlaceholder')} onChange={(e) => setTyped(e.target.value)} maxLength={50} />
        </label>
        <button type="submit" className="button primary">
          {t('directory.searchButton')}
        </button>
        {home?.categories.length ? (
          <label className="field">
            <span className="label">{t('directory.category')}</span>
            <select value={categoryId} onChange={(e) => set('category', e.target.value)}>
              <option value="">{t('directory.allCategories')}</option>
              {home.categories.map((c) => (
                <optgroup key={c.id} label={nameIn(lang, c)}>
                  <option value={c.id}>{nameIn(lang, c)}</option>
                  {c.childrens.map((k) => (
                    <option key={k.id} value={k.id}>
                      {nameIn(lang, k)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
        ) : null}
      </form>
      <Results key={`${keyword}|${categoryId}`} keyword={keyword} categoryId={categoryId} />
    </>
  );
}

function Results({ keyword, categoryId }: { keyword: string; categoryId: string }) {
  const { t } = useTranslation('expo');
  const { exhibitionId, lang, prefix } = useSite();
  const [list, setList] = useState<List | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const request = useRef(0);
  const end = useRef<HTMLDivElement>(null);

  const fetchPage = (page: number, reset: boolean) => {
    const mine = ++request.current;
    expoApi.directory(exhibitionId, { keyword: keyword || undefined, categoryId: categoryId || undefined, page, size: SIZE }).then(
      (p) => {
        if (mine !== request.current) return;
        setList((prev) => {
          const items = reset || !prev ? p.items : [...prev.items, ...p.items];
          return { items, page, total: p.totalCount, done: items.length >= p.totalCount || p.items.length === 0 };
        });
        setLoading(false);
      },
      () => {
        if (mine !== request.current) return;
        setFailed(true);
        setLoading(false);
      },
    );
  };

  const load = (page: number, reset: boolean) => {
    setLoading(true);
    setFailed(false);
    fetchPage(page, reset);
  };

  useEffect(() => {
    fetchPage(1, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const el = end.current;
    if (!el || !list || list.done || loading || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(list.page + 1, false), { rootMargin: PRELOAD_MARGIN });
    observer.observe(el);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list, loading, failed]);

  return (
    <>
      {list ? (
        <p className="muted" role="status">
          {t('directory.count', { total: formatCount(list.total) })}
        </p>
      ) : null}
      <ul className="exhibitor-list" data-testid="directory">
        {list?.items.map((x) => (
          <li key={x.id}>
            <Link to={`${prefix}/exhibitors/${x.id}`} className="exhibitor-card">
              <LazyImage src={x.logo} alt={t('directory.logoOf', { name: nameIn(lang, x) })} className="logo" />
              <span className="exhibitor-card-text">
                <strong>{nameIn(lang, x)}</strong>
                {x.boothInfo ? <span className="muted">{t('directory.booth', { booth: x.boothInfo })}</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {list && !list.items.length ? <p className="status">{t('directory.empty')}</p> : null}
      {failed ? <Failed onRetry={() => load(list ? list.page + 1 : 1, !list)} /> : null}
      {loading ? (
        <p className="status" role="status">
          {t('common.loading')}
        </p>
      ) : null}
      {list?.done && list.items.length ? <p className="status muted">{t('directory.end')}</p> : null}
      <div ref={end} aria-hidden="true" />
    </>
  );
}
