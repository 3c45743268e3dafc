import { checkFormItem, formIssueMessage, itemVisible, TagType, validateFormAnswers, type FormAnswers, type FormItem } from '@pavilion/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../hooks.ts';
import { RegionSelects } from './RegionSelects.tsx';

// The activity page loads this module only when the activity has a form, so the checks come with it.
export { validateFormAnswers };

/** A form-builder form's answers as the visitor fills them: what it typed, which items it left, the server's words by item. */
export type FieldsState = { answers: FormAnswers; touched: Record<string, boolean>; serverErrors: Record<string, string> };

/**
 * A form-builder form's items as native controls (visitor registration, an activity's registration form), checked by
 * the contract's own functions as the visitor types, as the server checks them. Hidden conditional items are left out;
 * a server error shows under its item until the visitor changes the answer. `after` adds to an item (the SMS code).
 */
export function FormFields({
  items,
  state,
  onChange,
  international,
  after,
}: {
  items: FormItem[];
  state: FieldsState;
  onChange: (next: (s: FieldsState) => FieldsState) => void;
  international: boolean;
  after?: (item: FormItem) => ReactNode;
}) {
  const { t } = useTranslation('expo');
  const { lang } = useSite();
  const { answers, touched, serverErrors } = state;
  const visible = items.filter((i) => itemVisible(i, items, answers));
  const issueOf = (item: FormItem) => {
    if (serverErrors[item.name]) return serverErrors[item.name];
    const issue = checkFormItem(item, answers[item.name], { international });
    return issue ? formIssueMessage(issue, item.label, lang) : null;
  };
  const set = (name: string, value: unknown) => onChange((s) => ({ ...s, answers: { ...s.answers, [name]: value }, serverErrors: { ...s.serverErrors, [name]: '' } }));

  const control = (item: FormItem, describedBy: string | undefined, invalid: boolean) => {
    const id = `item-${item.name}`;
    const common = { id, name: item.name, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy, 'aria-required': item.attributes.checkOptions.require || undefined };
    const value = answers[item.name];
    const str = typeof value === 'string' ? value : '';
    const list = Array.isArray(value) ? (value as string[]) : [];
    const placeholder = item.attributes.placeholder || undefined;
    const blur = () => onChange((s) => ({ ...s, touched: { ...s.touched, [item.name]: true } }));
    switch (item.tagType) {
      case TagType.Textarea:
        return <textarea {...common} rows={3} placeholder={placeholder} value={str} onChange={(e) => set(item.name, e.target.value)} onBlur={blur} />;
      case TagType.Number:
        return <input {...common} type="number" inputMode="decimal" placeholder={placeholder} value={str} onChange={(e) => set(item.name, e.target.value)} onBlur={blur} />;
      case TagType.Select:
        return (
          <select {...common} value={str} onChange={(e) => (set(item.name, e.target.value || undefined), blur())}>
            <option value="">{placeholder ?? t('register.select')}</option>
            {item.attributes.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        );
      case TagType.Radio:
      case TagType.Checkbox:
      case TagType.Cascade:
        if (item.tagType === TagType.Cascade && !item.attributes.options.length)
          return <RegionSelects id={id} value={list} invalid={invalid} describedBy={describedBy} onChange={(v) => (set(item.name, v.length ? v : undefined), blur())} />;
        return (
          <div className="choices" id={id} role={item.tagType === TagType.Radio ? 'radiogroup' : 'group'} aria-labelledby={`label-${item.name}`} aria-describedby={describedBy}>
            {item.attributes.options.map((o) => {
              const radio = item.tagType === TagType.Radio;
              const checked = radio ? str === o.value : list.includes(o.value);
              return (
                <label key={o.value} className="choice">
                  <input
                    type={radio ? 'radio' : 'checkbox'}
                    name={item.name}
                    value={o.value}
                    checked={checked}
                    onChange={(e) => {
                      set(item.name, radio ? o.value : e.target.checked ? [...list, o.value] : list.filter((v) => v !== o.value));
                      blur();
                    }}
                  />
                  <span>{o.label}</span>
                </label>
              );
            })}
          </div>
        );
      case TagType.Date:
        return <input {...common} type="date" value={str} onChange={(e) => set(item.name, e.target.value || undefined)} onBlur={blur} />;
      case TagType.DateRange: {
        const [from = '', to = ''] = list;
        const pair = (a: string, b: string) => set(item.name, a || b ? [a, b] : undefined);
        return (
          <div className="row" id={id}>
            <input type="date" aria-label={item.childrens?.[0]?.label ?? t('register.start')} aria-describedby={describedBy} value={from} onChange={(e) => pair(e.target.value, to)} onBlur={blur} />
            <input type="date" aria-label={item.childrens?.[1]?.label ?? t('register.end')} aria-describedby={describedBy} value={to} onChange={(e) => pair(from, e.target.value)} onBlur={blur} />
          </div>
        );
      }
      default: {
        const kind = item.name === 'password' ? 'password' : item.attributes.checkOptions.email ? 'email' : item.attributes.checkOptions.phone ? 'tel' : 'text';
        return (
          <input
            {...common}
            type={kind}
            autoComplete={item.name === 'password' ? 'new-password' : kind === 'email' ? 'email' : kind === 'tel' ? 'tel' : undefined}
            placeholder={placeholder}
            value={str}
            onChange={(e) => set(item.name, e.target.value)}
            onBlur={blur}
          />
        );
      }
    }
  };

  return (
    <>
      {visible.map((item) => {
        if (item.tagType === TagType.Text)
          return (
            <p key={item.name} className="prose" data-testid={`form-item-${item.name}`}>
              {item.label}
            </p>
          );
        const issue = touched[item.name] ? issueOf(item) : serverErrors[item.name] || null;
        const errorId = issue ? `error-${item.name}` : undefined;
        const grouped = [TagType.Radio, TagType.Checkbox, TagType.DateRange, TagType.Cascade].includes(item.tagType as 4);
        const labelText = (
          <span className="label" id={`label-${item.name}`}>
            {item.label}
            {item.attributes.checkOptions.require ? <span aria-hidden="true"> *</span> : null}
          </span>
        );
        return (
          <div key={item.name} className="field" data-testid={`form-item-${item.name}`}>
            {grouped ? labelText : <label htmlFor={`item-${item.name}`}>{labelText}</label>}
            {control(item, errorId, Boolean(issue))}
            {issue ? (
              <p className="error" id={errorId}>
                {issue}
              </p>
            ) : null}
            {after?.(item)}
          </div>
        );
      })}
    </>
  );
}
