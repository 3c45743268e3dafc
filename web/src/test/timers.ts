/**
 * Timers a screen left behind (a toast's auto-close, an animation's frame) would fire after the
 * test file's jsdom is gone and fail the run with "window is not defined". Every timer started
 * through the globals is remembered until it fires, and the ones still pending after a test are
 * cleared once its tree is unmounted.
 */
type Clear = () => void;
const pending = new Map<unknown, Clear>();

function track<A extends unknown[], H>(start: (...args: A) => H, clear: (handle: H) => void, once: boolean, callbackIndex = 0) {
  return (...args: A): H => {
    const callback = args[callbackIndex];
    if (once && typeof callback === 'function') {
      const wrapped = (...inner: unknown[]) => {
        pending.delete(handle);
        return (callback as (...a: unknown[]) => unknown)(...inner);
      };
      args[callbackIndex] = wrapped as A[number];
    }
    const handle = start(...args);
    pending.set(handle, () => clear(handle));
    return handle;
  };
}

export function trackTimers(target: typeof globalThis) {
  const { setTimeout: st, clearTimeout: ct, setInterval: si, clearInterval: ci } = target;
  target.setTimeout = track(st, ct, true) as unknown as typeof setTimeout;
  target.clearTimeout = ((h: Parameters<typeof clearTimeout>[0]) => {
    pending.delete(h);
    ct(h);
  }) as typeof clearTimeout;
  target.setInterval = track(si, ci, false) as unknown as typeof setInterval;
  target.clearInterval = ((h: Parameters<typeof clearInterval>[0]) => {
    pending.delete(h);
    ci(h);
  }) as typeof clearInterval;
  if (typeof target.requestAnimationFrame === 'function') {
    const raf = target.requestAnimationFrame.bind(target);
    const caf = target.cancelAnimationFrame.bind(target);
    target.requestAnimationFrame = track(raf, caf, true);
    target.cancelAnimationFrame = (h: number) => {
      pending.delete(h);
      caf(h);
    };
  }
}

export function clearPendingTimers() {
  for (const clear of pending.values()) clear();
  pending.clear();
}
