import { companyFields, exhibitorFields, password, userName, type Exhibitor } from '@pavilion/contract';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { currentLang } from '../../i18n/index.ts';
import { RegionPicker, regionFromText, regionToText, type RegionValue } from '../../components/RegionPicker.tsx';
import type { FormField } from '../../components/ResourceForm.tsx';
import { toTreeData, useCategoryLimit, useCategoryTree } from './exhibitorShared.tsx';

/** The flat form the host fills; `toCreateBody` / `toUpdateBody` nest it the way the contract wants. */
export const exhibitorFormSchema = z.object({
  name: companyFields.shape.name,
  nameEn: companyFields.shape.nameEn,
  address: companyFields.shape.address,
  boothInfo: exhibitorFields.shape.boothInfo,
  boothArea: exhibitorFields.shape.boothArea,
  categoryIds: exhibitorFields.shape.categoryIds,
  /** The region picker's value; `toCreateBody` / `toUpdateBody` turn it into the company's region text. */
  regionValue: z.custom<RegionValue>().nullish(),
  userName: userName.optional(),
  password: password.optional(),
});

/** The form's values as its schema parsed them. */
export type ExhibitorFormValues = z.output<typeof exhibitorFormSchema>;

const companyOf = (v: ExhibitorFormValues) => ({ name: v.name, nameEn: v.nameEn ?? null, region: regionToText(v.regionValue), address: v.address ?? null });
const boothOf = (v: ExhibitorFormValues) => ({ boothInfo: v.boothInfo ?? null, boothArea: v.boothArea ?? null, categoryIds: v.categoryIds ?? [] });

export const toCreateBody = (exhibitionId: string, v: ExhibitorFormValues) => ({
  exhibitionId,
  company: companyOf(v),
  ...boothOf(v),
  ...(v.userName ? { account: { userName: v.userName, password: v.password ?? '' } } : {}),
});

export const toUpdateBody = (v: ExhibitorFormValues) => ({ company: companyOf(v), ...boothOf(v) });

export const formValuesOf = (row: Exhibitor): ExhibitorFormValues => ({
  name: row.company.name,
  nameEn: row.company.nameEn,
  regionValue: regionFromText(row.company.region),
  address: row.company.address,
  boothInfo: row.boothInfo,
  boothArea: row.boothArea,
  categoryIds: row.categoryIds,
});

/** The fields of exhibitor-add (with the optional login) and exhibitor-edit. */
export function useExhibitorFields(hostId: string | null, exhibitionId: string | null, withAccount: boolean): FormField[] {
  const { t } = useTranslation();
  const tree = useCategoryTree(hostId);
  const max = useCategoryLimit(exhibitionId);
  const treeData = useMemo(() => toTreeData(tree.data ?? [], currentLang() === 'en'), [tree.data]);
  return useMemo(
    () => [
      { name: 'name', label: 'hostEx.field.companyName' },
      { name: 'nameEn', label: 'hostEx.field.nameEn' },
      { name: 'regionValue', label: 'hostEx.field.region', input: <RegionPicker /> },
      { name: 'address', label: 'hostEx.field.address' },
      { name: 'boothInfo', label: 'hostEx.field.boothInfo' },
      { name: 'boothArea', label: 'hostEx.field.boothArea' },
      {
        name: 'categoryIds',
        label: 'hostEx.field.categories',
        input: <TreeSelect multiple treeCheckable showCheckedStrategy={TreeSelect.SHOW_ALL} treeCheckStrictly={false} treeData={treeData} treeDefaultExpandAll allowClear maxCount={max} placeholder={t('hostEx.form.categoriesMax', { max })} />,
        rules: [{ validator: async (_r, value: unknown) => { if (Array.isArray(value) && value.length > max) throw new Error(t('hostEx.form.categoriesMax', { max })); } }],
      },
      ...(withAccount
        ? ([
            { name: 'userName', label: 'hostEx.field.userName' },
            { name: 'password', label: 'hostEx.field.password', type: 'password' },
          ] satisfies FormField[])
        : []),
    ],
    [treeData, max, t, withAccount],
  );
}
