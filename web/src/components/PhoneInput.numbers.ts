import { loginRules } from '@pavilion/contract/light';
import type { FormRule } from 'antd';
// The mobile metadata: these fields take numbers that receive text messages, and it is the small bundle.
import { getCountries, getCountryCallingCode, isSupportedCountry, isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';
import { i18n } from '../i18n/index.ts';

/**
 * What a phone field holds: for the Chinese Mainland the plain national number (`13800000001`, as
 * the accounts have always stored it), for every other country E.164 without spaces
 * (`+447911123456`). Both satisfy the contract's `phoneNumber`.
 */
export const MAINLAND = 'CN';
const MAINLAND_CODE = '86';

export const isCountryCode = (iso: string | null | undefined): iso is CountryCode => Boolean(iso && isSupportedCountry(iso));

/** The dialling code libphonenumber gives a country ("44"), or null when it does not know it. */
export const callingCodeOf = (iso: string | null | undefined): string | null => (isCountryCode(iso) ? getCountryCallingCode(iso) : null);

/** The first country with this dialling code ("852" → HK), for directory entries that only carry the code. */
export const countryOfCallingCode = (code: string): CountryCode | null => getCountries().find((c) => getCountryCallingCode(c) === code) ?? null;

/** The field's value for what was typed under the chosen country; '' when nothing was typed. */
export function toPhoneValue(iso: string | null, callingCode: string, typed: string): string {
  const text = typed.trim();
  if (!text) return '';
  // Not a number at all: kept as typed, so that validation refuses it rather than silently dropping letters.
  if (/[^\d\s\-().+]/.test(text)) return text;
  const digits = text.replace(/\D/g, '');
  let e164: string;
  if (text.startsWith('+')) e164 = `+${digits}`;
  else e164 = (isCountryCode(iso) ? parsePhoneNumberFromString(digits, iso)?.number : undefined) ?? `+${callingCode}${digits}`;
  return e164.startsWith(`+${MAINLAND_CODE}`) ? e164.slice(1 + MAINLAND_CODE.length) : e164;
}

/** A number typed without a country chooser (the login page): the Mainland's unless it starts with +. */
export const typedPhoneValue = (typed: string): string => toPhoneValue(MAINLAND, MAINLAND_CODE, typed);

/** The country and the text to show for a stored value. */
export function fromPhoneValue(value: string | null | undefined, fallbackIso: string): { iso: string; text: string } {
  if (!value) return { iso: fallbackIso, text: '' };
  if (!value.startsWith('+')) return { iso: MAINLAND, text: value };
  const parsed = parsePhoneNumberFromString(value);
  if (!parsed) return { iso: fallbackIso, text: value };
  if (parsed.countryCallingCode === MAINLAND_CODE) return { iso: MAINLAND, text: parsed.nationalNumber };
  const iso = parsed.country ?? parsed.getPossibleCountries()[0] ?? countryOfCallingCode(parsed.countryCallingCode) ?? fallbackIso;
  return { iso, text: parsed.formatNational() };
}

/** A valid mobile number in the field's format (see above). */
export function isValidPhone(value: string): boolean {
  if (!loginRules.phoneNumber.test(value.trim())) return false;
  return value.startsWith('+') ? isValidPhoneNumber(value) : isValidPhoneNumber(value, MAINLAND);
}

/** For showing a stored number: mainland numbers as stored, others grouped the international way. */
export const formatPhone = (value: string | null | undefined): string =>
  value?.startsWith('+') ? (parsePhoneNumberFromString(value)?.formatInternational() ?? value) : (value ?? '');

/** The rules of a Form.Item holding a PhoneInput; messages in the UI language. */
export function phoneRules({ required = true }: { required?: boolean } = {}): FormRule[] {
  return [
    ...(required ? [{ required: true, message: i18n.t('phone.required') }] : []),
    {
      validator: async (_rule, value: unknown) => {
        if (value === undefined || value === null || value === '') return;
        if (typeof value !== 'string' || !isValidPhone(value)) throw new Error(i18n.t('phone.invalid'));
      },
    },
  ];
}
