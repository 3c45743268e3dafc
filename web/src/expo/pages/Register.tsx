import { validateFormAnswers } from '@pavilion/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Failed, Loading } from '../App.tsx';
import { errorsByItem, expoApi, ExpoError, visitorToken } from '../api.ts';
import { useLoad, useSite } from '../hooks.ts';
import { ErrorCode } from '@pavilion/contract/errors';
import { FormFields, type FieldsState } from './FormFields.tsx';
import { SmsCodeButton } from './SmsCodeButton.tsx';

/** The answer that the SMS code verifies on the Chinese site (the default form's locked mobile item). */
const MOBILE = 'mobile';

/**
 * Registration by group link (`register?group=`): the form's items as native controls, checked by
 * the contract's own functions as the visitor types and on submit, as the server checks them.
 */
export default function Register() {
  const { t } = useTranslation('expo');
  const { exhibitionId, visitorLang, prefix } = useSite();
  const [params] = useSearchParams();
  const group = params.get('group') ?? undefined;
  const read = useLoad(() => expoApi.registration(exhibitionId, { lang: visitorLang, group }), [exhibitionId, visitorLang, group]);
  const [fields, setFields] = useState<FieldsState>({ answers: {}, touched: {}, serverErrors: {} });
  const { answers } = fields;
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
  const needsCode = r.smsLogin && items.some((i) => i.name === MOBILE);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFields((f) => ({ ...f, touched: Object.fromEntries(items.map((i) => [i.name, true])) }));
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
      const byItem = errorsByItem(err);
      setFields((f) => ({ ...f, serverErrors: byItem }));
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

  const notice = r.notice;
  return (
    <form className="panel" onSubmit={(e) => void submit(e)} noValidate>
      <h1>{t('register.title')}</h1>
      {r.group ? <p className="muted">{t('register.group', { name: r.group.name })}</p> : null}
      {notice ? <p className="notice">{notice}</p> : null}
      <FormFields
        items={items}
        state={fields}
        onChange={setFields}
        international={international}
        after={(item) =>
          item.name === MOBILE && needsCode ? (
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
          ) : null
        }
      />
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
