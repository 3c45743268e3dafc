import type { ReactNode } from 'react';
import { useCountdown } from './useCountdown.ts';

/**
 * A native "send code" button that waits `seconds` after each sending that `send` reports as done: the light pages'
 * (login, visitor site) counterpart of the antd CodeButton.
 */
export function CountdownButton({ send, seconds, label, waiting, disabled, className = 'button', testId }: { send: () => Promise<boolean>; seconds: number; label: ReactNode; waiting: (left: number) => ReactNode; disabled?: boolean; className?: string; testId?: string }) {
  const { left, busy, run } = useCountdown(seconds);
  return (
    <button type="button" className={className} onClick={() => void run(send)} disabled={disabled || busy || left > 0} data-testid={testId}>
      {left > 0 ? waiting(left) : label}
    </button>
  );
}
