import { useEffect, useState } from 'react';

/** Seconds between two codes sent to one phone or address (the server's CODE_RESEND_SECONDS default). */
export const CODE_WAIT_SECONDS = 60;

/**
 * A "send code" button's state: `run(send)` runs the sending, and when it reports the code sent, counts
 * `seconds` down (`left`). Shared by the antd CodeButton and the light pages' CountdownButton.
 */
export function useCountdown(seconds: number) {
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const run = async (send: () => Promise<boolean>) => {
    setBusy(true);
    try {
      if (await send()) setLeft(seconds);
    } finally {
      setBusy(false);
    }
  };
  return { left, busy, run };
}
