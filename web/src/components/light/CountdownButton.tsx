import { useEffect, useState, type ReactNode } from 'react';

/**
 * A native "send code" button that waits `seconds` after each sending that `send` reports as done: the light pages'
 * (login, visitor site) counterpart of the antd CodeButton.
 */
export function CountdownButton({ send, seconds, label, waiting, disabled, className = 'button', testId }: { send: () => Promise<boolean>; seconds: number; label: ReactNode; waiting: (left: number) => ReactNode; disabled?: boolean; className?: string; testId?: string }) {
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const onClick = async () => {
    setBusy(true);
    try {
      if (await send()) setLeft(seconds);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} onClick={() => void onClick()} disabled={disabled || busy || left > 0} data-testid={testId}>
      {left > 0 ? waiting(left) : label}
    </button>
  );
}
