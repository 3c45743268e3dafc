import type { Page, PublicActivity } from '@pavilion/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Failed, Loading } from '../App.tsx';
import { expoApi } from '../api.ts';
import { cst, daysFrom } from '../format.ts';
import { useLoad, useSite } from '../hooks.ts';
import { ActivityCard } from './activity-parts.tsx';

const PAGE = 50;

/** A day's whole programme: a day rarely holds more than one page, so the filters work on what was read. */
async function dayProgramme(exhibitionId: string, day: string | undefined): Promise<PublicActivity[]> {
  const first: Page<PublicActivity> = await expoApi.activities(exhibitionId, { day, pageIndex: 1, pageSize: PAGE });
  const items = [...first.items];
  for (let p = 2; p <= first.totalPages; p++) items.push(...(await expoApi.activities(exhibitionId, { day, pageIndex: p, pageSize: PAGE })).items);
  return items;
}

/** Distinct (id, name) pairs in first-seen order. */
function options(items: PublicActivity[], id: 'categoryId' | 'hallId', name: 'categoryName' | 'hallName') {
  const seen = new Map<string, string>();
  for (const a of items) if (a[id] && a[name] && !seen.has(a[id])) seen.set(a[id], a[name]);
  return [...seen];
}

/** The programme: day tabs over the exhibition's dates, category and hall chips, the day's activities in time order. */
export default function Activities() {
  const { t } = useTranslation('expo');
  const { exhibitionId, home, homeError } = useSite();
  const [params, setParams] = useSearchParams();
  const days = home?.startTime && home.endTime ? daysFrom(home.startTime.slice(0, 10), home.endTime.slice(0, 10)) : [];
  const [today] = useState(() => cst(Date.now()).day);
  const day = params.get('day') ?? (days.includes(today) ? today : days[0]);
  const category = params.get('category') ?? '';
  const hall = params.get('hall') ?? '';
  const list = useLoad(() => (home || homeError ? dayProgramme(exhibitionId, day) : new Promise<never>(() => {})), [exhibitionId, day, Boolean(home || homeError)]);

  const pick = (key: 'day' | 'category' | 'hall', value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key === 'day') {
          next.delete('category');
          next.delete('hall');
        }
        return next;
      },
      { replace: true },
    );

  const all = list.data ?? [];
  const categories = options(all, 'categoryId', 'categoryName');
  const halls = options(all, 'hallId', 'hallName');
  const shown = all.filter((a) => (!category || a.categoryId === category) && (!hall || a.hallId === hall));

  return (
    <section className="programme">
      <h1>{t('activity.programme')}</h1>
      {days.length > 1 ? (
        <div className="tabs" role="tablist" aria-label={t('activity.days')}>
          {days.map((d) => (
            <button key={d} id={`day-${d}`} type="button" role="tab" aria-selected={d === day} aria-controls="programme-day" className={`tab ${d === day ? 'on' : ''}`} onClick={() => pick('day', d)}>
              {d.slice(5)}
            </button>
          ))}
        </div>
      ) : null}
      {categories.length > 1 || halls.length > 1 ? (
        <div className="filters" aria-label={t('activity.filters')} role="group">
          {categories.length > 1 ? <Chips label={t('activity.category')} allLabel={t('activity.allCategories')} items={categories} value={category} onPick={(v) => pick('category', v)} /> : null}
          {halls.length > 1 ? <Chips label={t('activity.hall')} allLabel={t('activity.allHalls')} items={halls} value={hall} onPick={(v) => pick('hall', v)} /> : null}
        </div>
      ) : null}
      <div id="programme-day" role={days.length > 1 ? 'tabpanel' : undefined} aria-labelledby={days.length > 1 ? `day-${day}` : undefined}>
        {list.error ? (
          <Failed onRetry={list.reload} />
        ) : list.loading ? (
          <Loading />
        ) : shown.length ? (
          <>
            <p className="muted" role="status">
              {t('activity.count', { total: shown.length })}
            </p>
            <ul className="activity-list">
              {shown.map((a) => (
                <ActivityCard key={a.id} a={a} />
              ))}
            </ul>
          </>
        ) : (
          <p className="status" role="status">
            {t('activity.empty')}
          </p>
        )}
      </div>
    </section>
  );
}

function Chips({ label, allLabel, items, value, onPick }: { label: string; allLabel: string; items: [string, string][]; value: string; onPick: (v: string) => void }) {
  return (
    <div className="chips" role="group" aria-label={label}>
      {[['', allLabel] as [string, string], ...items].map(([id, name]) => (
        <button key={id || 'all'} type="button" className={`chip ${value === id ? 'on' : ''}`} aria-pressed={value === id} onClick={() => onPick(id)}>
          {name}
        </button>
      ))}
    </div>
  );
}
