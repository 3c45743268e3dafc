import { checkFormItem, formIssueMessage, itemVisible, TagType, validateFormAnswers, type FormAnswers, type FormItem } from '@pavilion/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Failed, Loading } from '../App.tsx';
import { expoApi, ExpoError, visitorToken } from '../api.ts';
import { useLoad, useSite } from '../hooks.ts';
import { ErrorCode } from '@pavilion/contract/errors';
import { RegionSelects } from './RegionSelects.tsx';
import { SmsCodeButton } from './SmsCodeButton.tsx';

/** The answer that the SMS code verifies on the Chinese site (the default form's locked mobile item). */
const MOBILE = 'mobile';

/**
 * Registration by group link (`register?group=`): the form's items as native controls, checked by
 * the contract's own functions as the visitor types and on submit, as the server checks them.
 */
export default function Register() {
  const { t } = useTranslation('expo');
  const { exhibitionId, lang, visitorLang, prefix } = useSite();
  const [params] = useSearchParams();
  const group = params.get('group') ?? undefined;
  const read = useLoad(() => expoApi.registration(exhibitionId, { lang: visitorLang, group }), [exhibitionId, visitorLang, group]);
  const [answers, setAnswers] = useState<FormAnswers>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [smsCode, setSmsCode] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean; registered?: boolean } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (read.error) return <Failed onRetry={read.reload} />;
  const r = read.data;
  if (!r) return <Loading />;
  if (r.state !== 'open')
    return (
      <section className="panel">
        <h1>{t('register.title')}</h1>
        <p className="error" role="alert">
          {r.state === 'over' ? t('register.over') : t('register.notOpen')}
        </p>
      </section>
    );
  if (done !== null)
    return (
      <section className="panel">
        <h1>{t('register.title')}</h1>
        <p className="success" role="status">
          {t('register.submitted')}
        </p>
        {done ? <p className="prose">{done}</p> : null}
        <Link className="button primary" to={`${prefix}/ticket`}>
          {t('register.toTicket')}
        </Link>
      </section>
    );

  const international = r.formType === 2;
  const items = [...r.formItems].sort((a, b) => a.showIndex - b.showIndex);
  const visible = items.filter((i) => itemVisible(i, items, answers));
  const needsCode = r.smsLogin && items.some((i) => i.name === MOBILE);
  const issueOf = (item: FormItem) => {
    if (serverErrors[item.name]) return serverErrors[item.name];
    const issue = checkFormItem(item, answers[item.name], { international });
    return issue ? formIssueMessage(issue, item.label, lang) : null;
  };
  const set = (name: string, value: unknown) => {
    setAnswers((a) => ({ ...a, [name]: value }));
    setServerErrors((e) => ({ ...e, [name]: '' }));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(Object.fromEntries(items.map((i) => [i.name, true])));
    const { values, errors } = validateFormAnswers(items, answers, { international });
    if (errors.length) {
      document.getElementById(`item-${errors[0]!.name}`)?.focus();
      return;
    }
    if (needsCode && !smsCode.trim()) return setMessage({ text: t('login.required', { field: t('register.smsCode') }), error: true });
    setBusy(true);
    setMessage(null);
    try {
      const session = await expoApi.register(exhibitionId, { lang: visitorLang, ...(r.group ? { groupId: r.group.id } : group ? { groupId: group } : {}), answers: values, ...(needsCode ? { smsCode: smsCode.trim() } : {}) });
      visitorToken.set(exhibitionId, session);
      setDone(r.successNotice);
    } catch (err) {
      if (!(err instanceof ExpoError)) return setMessage({ text: t('register.failed'), error: true });
      const byItem = Object.fromEntries(err.errors.map((f) => [f.field.replace(/^answers\./, ''), f.message]));
      if (err.field && !byItem[err.field.replace(/^answers\./, '')]) byItem[err.field.replace(/^answers\./, '')] = err.message;
      setServerErrors(byItem);
      const known = Object.keys(byItem).some((k) => items.some((i) => i.name === k));
      const text =
        err.code === ErrorCode.AlreadyRegistered
          ? t('register.alreadyRegistered')
          : err.code === ErrorCode.FunctionNotOpen
            ? t('register.notOpen')
            : err.code === ErrorCode.ExhibitionOver
              ? t('register.over')
              : known
                ? t('register.failed')
                : err.message || t('register.failed');
      setMessage({ text, error: true, registered: err.code === ErrorCode.AlreadyRegistered });
    } finally {
      setBusy(false);
    }
  };

  const control = (item: FormItem, describedBy: string | undefined, invalid: boolean) => {
    const id = `item-${item.name}`;
    const common = { id, name: item.name, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy, 'aria-required': item.attributes.checkOptions.require || undefined };
    const value = answers[item.name];
    const str = typeof value === 'string' ? value : '';
    const list = Array.isArray(value) ? (value as string[]) : [];
    const placeholder = item.attributes.placeholder || undefined;
    const blur = () => setTouched((x) => ({ ...x, [item.name]: true }));
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

  const notice = r.notice;
  return (
    <form className="panel" onSubmit={(e) => void submit(e)} noValidate>
      <h1>{t('register.title')}</h1>
      {r.group ? <p className="muted">{t('register.group', { name: r.group.name })}</p> : null}
      {notice ? <p className="notice">{notice}</p> : null}
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
            {item.name === MOBILE && needsCode ? (
              <label className="field">
                <span className="label">{t('register.smsCode')}</span>
                <span className="row">
                  <input name="smsCode" inputMode="numeric" autoComplete="one-time-code" value={smsCode} onChange={(e) => setSmsCode(e.target.value)} />
                  <SmsCodeButton
                    phone={typeof answers[MOBILE] === 'string' ? (answers[MOBILE] as string).trim() : ''}
                    purpose="register"
                    onError={(m) => setMessage(m ? { text: m, error: true } : null)}
                    onSent={(m) => setMessage({ text: m, error: false })}
                  />
                </span>
              </label>
            ) : null}
          </div>
        );
      })}
      <div role="alert" className={message?.error ? 'error' : 'success'}>
        {message ? <p>{message.text}</p> : null}
        {message?.registered ? <Link to={`${prefix}/login`}>{t('nav.login')}</Link> : null}
      </div>
      <button type="submit" className="button primary block" disabled={busy}>
        {t('register.submit')}
      </button>
    </form>
  );
}
