import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { regionSearchQuery } from '../api/reference.ts';
import { regionFromText } from './RegionPicker.tsx';

/**
 * A region kept as Chinese text ("上海市/浦东新区") shown in the UI language: on English pages the
 * directory's English names of the same path ("Shanghai / Pudong New Area"); the stored text
 * until the directory answers, or when the path is not in it.
 */
export function useRegionLabel(text: string | null | undefined): string | null {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const names = regionFromText(text)?.names ?? [];
  const lookup = useQuery({ ...regionSearchQuery(en && names.length ? names.at(-1)! : '', 50), enabled: en && names.length > 0 });
  if (!names.length) return null;
  if (!en) return names.join('/');
  const hit = lookup.data?.find((h) => {
    const chain = [...h.path.filter((n) => n.kind === 'province' || n.kind === 'city' || n.kind === 'district'), h];
    return chain.length === names.length && chain.every((n, i) => n.name === names[i]);
  });
  if (!hit) return names.join('/');
  const chain = [...hit.path.filter((n) => n.kind === 'province' || n.kind === 'city' || n.kind === 'district'), hit];
  return chain.map((n) => n.nameEn ?? n.name).join(' / ');
}

export function RegionText({ value, empty }: { value: string | null | undefined; empty: string }) {
  return <>{useRegionLabel(value) ?? empty}</>;
}
