import type { SharedState } from '../../infra/kv.ts';

/**
 * Viewers on a room page now, across instances (docs/live.md "Online count"), from SharedState's windowed counters
 * alone. Time is cut into windows of ONLINE_WINDOW_SECONDS; every open event stream is counted once in the window in
 * which it opens and once more in each window it is still open at (each instance re-counts its own streams at the
 * window's start). The count is the current window's: a viewer who arrives counts at once, one who leaves stops
 * counting at the next window. An instance that dies stops re-counting, so its viewers vanish within a window, and
 * nothing is ever decremented, so nothing can drift.
 */
export const ONLINE_WINDOW_SECONDS = 15;
const windowOf = (t: number) => Math.floor(t / (ONLINE_WINDOW_SECONDS * 1000));
const keyOf = (roomId: string, w: number) => `live-online:${roomId}:${w}`;
const NO_LIMIT = 1_000_000_000;

export async function onlineCount(shared: SharedState, roomId: string, now = Date.now()): Promise<number> {
  return shared.peek(keyOf(roomId, windowOf(now)));
}

export async function onlineCounts(shared: SharedState, roomIds: readonly string[], now = Date.now()): Promise<Map<string, number>> {
  const counts = await Promise.all(roomIds.map((id) => onlineCount(shared, id, now)));
  return new Map(roomIds.map((id, i) => [id, counts[i]!]));
}

/**
 * One instance's open streams per room. `changed(roomId)` runs after a window's re-count (a moment later, so the
 * other instances have re-counted theirs too), to tell the room's viewers the new figure.
 */
export function createPresence(shared: SharedState, changed: (roomId: string) => void, now = () => Date.now()) {
  const rooms = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let settle: NodeJS.Timeout | null = null;
  const count = (roomId: string, times: number, w: number) => Promise.all(Array.from({ length: times }, () => shared.hit(keyOf(roomId, w), NO_LIMIT, ONLINE_WINDOW_SECONDS * 2)));
  const schedule = () => {
    if (timer || !rooms.size) return;
    const t = now();
    timer = setTimeout(() => void tick(), (windowOf(t) + 1) * ONLINE_WINDOW_SECONDS * 1000 - t + 5);
    timer.unref();
  };
  /** A new window: count this instance's open streams in it. */
  async function tick() {
    timer = null;
    const w = windowOf(now());
    await Promise.all([...rooms].map(([roomId, n]) => count(roomId, n, w))).catch(() => undefined);
    const ids = [...rooms.keys()];
    settle = setTimeout(() => ids.forEach(changed), 2000);
    settle.unref();
    schedule();
  }
  return {
    async join(roomId: string) {
      rooms.set(roomId, (rooms.get(roomId) ?? 0) + 1);
      await count(roomId, 1, windowOf(now()));
      schedule();
    },
    leave(roomId: string) {
      const n = (rooms.get(roomId) ?? 0) - 1;
      if (n > 0) rooms.set(roomId, n);
      else rooms.delete(roomId);
      if (!rooms.size && timer) {
        clearTimeout(timer);
        timer = null;
      }
    },
    /** For tests: run the start of a window now. */
    tick,
    close() {
      rooms.clear();
      if (timer) clearTimeout(timer);
      if (settle) clearTimeout(settle);
      timer = settle = null;
    },
  };
}
export type Presence = ReturnType<typeof createPresence>;
