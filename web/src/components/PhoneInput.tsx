import { Input, Select, Space, type InputRef } from 'antd';
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries, useProvinces } from '../api/reference.ts';
import { callingCodeOf, countryOfCallingCode, fromPhoneValue, isCountryCode, MAINLAND, toPhoneValue } from './PhoneInput.numbers.ts';
import './PhoneInput.css';

/** One entry of the dialling-code selector. */
interface DialEntry {
  /** ISO 3166-1 alpha-2 where known (the selector's value), else the directory id. */
  key: string;
  iso: string | null;
  code: string;
  label: string;
  /** Everything the search matches: both names, the code with and without "+", the ISO code. */
  search: string;
}

let flagEmoji: boolean | undefined;
/** Whether this system draws flag emoji in colour (Windows and fonts without them show letters or boxes). */
function hasFlagEmoji(): boolean {
  if (flagEmoji !== undefined) return flagEmoji;
  flagEmoji = false;
  if (typeof document === 'undefined' || /jsdom/i.test(navigator.userAgent)) return flagEmoji;
  const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!ctx) return flagEmoji;
  ctx.canvas.width = ctx.canvas.height = 20;
  ctx.textBaseline = 'top';
  ctx.font = "16px 'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji', sans-serif";
  ctx.fillText('\u{1F1E8}\u{1F1F3}', 0, 0);
  const px = ctx.getImageData(0, 0, 20, 20).data;
  for (let i = 0; i < px.length; i += 4) if (px[i + 3]! > 0 && (px[i] !== px[i + 1] || px[i + 1] !== px[i + 2])) return (flagEmoji = true);
  return flagEmoji;
}

/** The flag of an ISO country as an emoji, or its two letters in a small badge where emoji flags are not drawn. */
export function Flag({ iso }: { iso: string | null }) {
  if (!iso || !/^[A-Za-z]{2}$/.test(iso)) return <span className="phone-flag phone-flag-badge" aria-hidden />;
  const upper = iso.toUpperCase();
  if (!hasFlagEmoji()) return <span className="phone-flag phone-flag-badge" aria-hidden>{upper}</span>;
  const emoji = String.fromCodePoint(...[...upper].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
  return (
    <span className="phone-flag" aria-hidden>
      {emoji}
    </span>
  );
}

/**
 * The selector's entries: the Chinese Mainland (+86) first, then Hong Kong and Macao (province-level
 * nodes of the directory with international codes, "00852"), then the directory's countries by
 * name in the UI language. The mainland's +86 sits on a top node of the directory that only the
 * whole tree (~140 KB) carries, so its entry is named from the messages.
 */
function useDialEntries(): DialEntry[] {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const provinces = useProvinces();
  const countries = useCountries();
  return useMemo(() => {
    const name = (zh: string | null, english: string | null) => (en ? english || zh : zh || english) ?? '';
    const mainland: DialEntry = {
      key: MAINLAND,
      iso: MAINLAND,
      code: callingCodeOf(MAINLAND)!,
      label: t('phone.mainland'),
      search: `${i18n.getFixedT('zh-CN')('phone.mainland')} ${i18n.getFixedT('en')('phone.mainland')} china cn 86 +86`,
    };
    const special = (provinces.data ?? [])
      .filter((p) => p.code && /^00[1-9][0-9]{0,3}$/.test(p.code))
      .map((p): DialEntry => {
        const code = p.code!.slice(2);
        const iso = countryOfCallingCode(code);
        return { key: iso ?? p.id, iso, code, label: name(p.name, p.nameEn), search: `${p.name} ${p.nameEn} ${iso ?? ''} ${code} +${code}` };
      });
    const collator = new Intl.Collator(en ? 'en' : 'zh-CN');
    const rest = (countries.data ?? [])
      .map((c): DialEntry => {
        const iso = c.iso2 ?? c.param.replace(/^flag-/, '').toUpperCase();
        return { key: iso || c.id, iso: iso || null, code: c.code, label: name(c.name, c.nameEn), search: `${c.name} ${c.nameEn} ${iso} ${c.code} +${c.code}` };
      })
      .sort((a, b) => collator.compare(a.label, b.label));
    // One entry per key, the first: the mainland, Hong Kong or Macao could also be listed as countries by an administrator.
    const byKey = new Map<string, DialEntry>();
    for (const e of [mainland, ...special, ...rest]) if (!byKey.has(e.key)) byKey.set(e.key, e);
    return [...byKey.values()];
  }, [en, t, i18n, provinces.data, countries.data]);
}

export interface PhoneInputProps {
  /** See PhoneInput.numbers.ts: mainland numbers plain, others E.164. */
  value?: string | null;
  onChange?: (value: string) => void;
  /** Goes on the number box, so that the Form.Item's label points at it. */
  id?: string;
  size?: 'small' | 'middle' | 'large';
  disabled?: boolean;
  placeholder?: string;
  /** The country chosen while the field is empty (ISO code, default the Chinese Mainland). */
  defaultCountry?: string;
}

/**
 * A dialling-code selector (flag, name, code; searchable) and the number. Controlled, for an antd
 * Form.Item with `phoneRules()`: it emits on every change, and the rules say whether the number is
 * valid for the chosen country.
 */
export function PhoneInput({ value, onChange, id, size, disabled, placeholder, defaultCountry = MAINLAND }: PhoneInputProps) {
  const { t } = useTranslation();
  const entries = useDialEntries();
  const inputRef = useRef<InputRef>(null);
  const current = value ?? '';
  // The country and the text as typed; `emitted` is the value they gave, so that a value coming
  // back from the form is told apart from one set from outside (initial values, reset).
  const [local, setLocal] = useState(() => ({ ...fromPhoneValue(current, defaultCountry), emitted: current }));
  if (current !== local.emitted) setLocal({ ...fromPhoneValue(current, defaultCountry), emitted: current });

  const entryOf = (key: string) => entries.find((e) => e.key === key);
  const codeOf = (key: string) => entryOf(key)?.code ?? callingCodeOf(key) ?? '';

  const emit = (iso: string, text: string) => {
    const next = toPhoneValue(isCountryCode(iso) ? iso : (entryOf(iso)?.iso ?? null), codeOf(iso), text);
    setLocal({ iso, text, emitted: next });
    if (next !== current) onChange?.(next);
  };

  const onText = (text: string) => {
    // A number typed with its "+code" chooses its country.
    const typedCountry = text.trim().startsWith('+') ? parsePhoneNumberFromString(text)?.country : undefined;
    emit(typedCountry && entryOf(typedCountry) ? typedCountry : local.iso, text);
  };

  return (
    <Space.Compact block className="phone-input">
      <Select
        id={id ? `${id}-country` : undefined}
        className="phone-input-country"
        size={size}
        disabled={disabled}
        value={local.iso}
        onChange={(key: string) => {
          emit(key, local.text);
          inputRef.current?.focus();
        }}
        aria-label={t('phone.country')}
        showSearch={{ optionFilterProp: 'search' }}
        placeholder={t('phone.countrySearch')}
        popupMatchSelectWidth={300}
        classNames={{ popup: { root: 'phone-input-popup' } }}
        options={entries.map((e) => ({ value: e.key, search: e.search, label: e.label, entry: e }))}
        optionRender={(option) => {
          const e = (option.data as { entry: DialEntry }).entry;
          return (
            <span className="phone-option">
              <Flag iso={e.iso} />
              <span className="phone-option-name">{e.label}</span>
              <span className="phone-option-code">+{e.code}</span>
            </span>
          );
        }}
        labelRender={({ value: key }) => (
          <span className="phone-selected" data-testid="phone-country">
            <Flag iso={entryOf(String(key))?.iso ?? String(key)} />+{codeOf(String(key))}
          </span>
        )}
      />
      <Input
        ref={inputRef}
        id={id}
        className="phone-input-number"
        size={size}
        disabled={disabled}
        value={local.text}
        onChange={(e) => onText(e.target.value)}
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={placeholder ?? t('phone.number')}
      />
    </Space.Compact>
  );
}
