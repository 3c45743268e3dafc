import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeLeft } from './format.ts';

/** Days, hours, minutes and seconds to `target`; 'ended' (or what the page says instead) once it has passed (part 1 §8). */
export function Countdown({ target, label, ended }: { target: string; label?: string; ended?: string }) {
  const { t } = useTranslation('expo');
  const at = Date.parse(target);
  const [now, setNow] = useState(() => Date.now());
  const left = timeLeft(at, now);
  useEffect(() => {
    if (!left) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left === null]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <p className="countdown" role="timer" aria-live="off">
      {left ? (
        <>
          <span>{label ?? t('countdown.label')} </span>
          <strong>{t('countdown.value', { d: left.d, h: left.h, m: left.m, s: left.s })}</strong>
        </>
      ) : (
        <strong>{ended ?? t('countdown.ended')}</strong>
      )}
    </p>
  );
}
