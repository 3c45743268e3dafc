import { useTranslation } from 'react-i18next';
import { regionFromText, useResolvedRegion } from './RegionPicker.tsx';

/**
 * A region kept as Chinese text ("上海市/浦东新区") shown in the UI language: on English pages the
 * directory's English names of the same path ("Shanghai / Pudong New Area"); the stored text
 * until the directory answers, or when the path is not in it.
 */
export function useRegionLabel(text: string | null | undefined): string | null {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const names = regionFromText(text)?.names ?? [];
  const chain = useResolvedRegion(names, en);
  if (!names.length) return null;
  if (!en || !chain) return names.join('/');
  return chain.map((n) => n.nameEn ?? n.name).join(' / ');
}

export function RegionText({ value, empty }: { value: string | null | undefined; empty: string }) {
  return <>{useRegionLabel(value) ?? empty}</>;
}
