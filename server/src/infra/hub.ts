import type { SharedState } from './kv.ts';

type Listener = (message: string) => void;

/**
 * The fan-out of one instance for a family of channels (an activity's live posts, a live room's events): one
 * SharedState subscription per key that has open pages here, shared by all of them, dropped when the last page goes.
 * Across instances the messages come through SharedState (Redis pub/sub when configured), so a message published on
 * one instance reaches the pages open on every other. `channelOf` names the channel of a key.
 */
export function createHub(shared: SharedState, channelOf: (key: string) => string) {
  const channels = new Map<string, { listeners: Set<Listener>; ready: Promise<() => Promise<void>> }>();
  return {
    async subscribe(key: string, listener: Listener): Promise<() => Promise<void>> {
      const name = channelOf(key);
      let entry = channels.get(name);
      if (!entry) {
        const listeners = new Set<Listener>();
        const ready = shared.subscribe(name, (message) => {
          for (const l of listeners) l(message);
        });
        entry = { listeners, ready };
        channels.set(name, entry);
      }
      entry.listeners.add(listener);
      await entry.ready;
      const own = entry;
      let gone = false;
      return async () => {
        if (gone) return;
        gone = true;
        own.listeners.delete(listener);
        if (own.listeners.size === 0 && channels.get(name) === own) {
          channels.delete(name);
          await (await own.ready)();
        }
      };
    },
    /** Open subscriptions (for tests and shutdown). */
    size: () => channels.size,
    async close() {
      const all = [...channels.values()];
      channels.clear();
      await Promise.all(all.map(async (e) => (await e.ready)()));
    },
  };
}
export type Hub = ReturnType<typeof createHub>;
