import { phoneNumber, type PlaceRecord } from '@pavilion/contract';
import type { UploadFile } from 'antd';
import type { PlaceSave } from '../../api/place.ts';

/** The place form's values: the contract's fields, drawings as antd upload entries. */
export interface PlaceFormValues {
  boothType: 'standard' | 'raw';
  contractorName: string;
  contractorContact: string;
  contractorPhone: string;
  siteManager: string;
  siteManagerPhone: string;
  powerKw: number | null;
  remark: string;
  drawings: UploadFile[];
}

export const toFormValues = (r: PlaceRecord | null | undefined): PlaceFormValues => ({
  boothType: r?.boothType ?? 'standard',
  contractorName: r?.contractorName ?? '',
  contractorContact: r?.contractorContact ?? '',
  contractorPhone: r?.contractorPhone ?? '',
  siteManager: r?.siteManager ?? '',
  siteManagerPhone: r?.siteManagerPhone ?? '',
  powerKw: r?.powerKw ?? null,
  remark: r?.remark ?? '',
  drawings: (r?.drawings ?? []).map((d, i) => ({ uid: `saved-${i}`, name: d.name, url: d.url, status: 'done' as const })),
});

const textOrNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** The PUT body: blanks become null, and only uploaded drawings (with their address) are sent. */
export function toSaveBody(v: PlaceFormValues): PlaceSave {
  return {
    boothType: v.boothType,
    contractorName: textOrNull(v.contractorName),
    contractorContact: textOrNull(v.contractorContact),
    contractorPhone: textOrNull(v.contractorPhone),
    siteManager: textOrNull(v.siteManager),
    siteManagerPhone: textOrNull(v.siteManagerPhone),
    powerKw: typeof v.powerKw === 'number' ? v.powerKw : null,
    remark: textOrNull(v.remark),
    drawings: (v.drawings ?? [])
      .filter((f) => f.status === 'done' && (f.url ?? (f.response as { url?: string } | undefined)?.url))
      .map((f) => ({ url: (f.url ?? (f.response as { url: string }).url)!, name: f.name })),
  };
}

/** Booth codes as the exhibitor record keeps them ("A1-08,A1-09", "A1-08、A1-09") → one per tag. */
export const boothCodes = (boothInfo: string | null | undefined): string[] =>
  (boothInfo ?? '')
    .split(/[,，;；、\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The same phone rule as the server (contract `phoneNumber`); empty passes (required is separate). */
export const validPhone = (value: string | null | undefined): boolean => !value?.trim() || phoneNumber.safeParse(value.trim()).success;
