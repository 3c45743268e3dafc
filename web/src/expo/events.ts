import { useEffect, useRef } from 'react';

/**
 * A page's Server-Sent Events: unnamed events whose data is one JSON object, handed to `onEvent` while `url` is set.
 * EventSource reconnects by itself; `onReconnect` runs when a dropped connection comes back, for the page to read
 * again what it may have missed meanwhile. The stream closes when the page leaves or `url` changes.
 */
export function useEventStream<E>(url: string | null, onEvent: (event: E) => void, onReconnect: () => void) {
  const handlers = useRef({ onEvent, onReconnect });
  useEffect(() => {
    handlers.current = { onEvent, onReconnect };
  });
  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    const source = new EventSource(url);
    let broken = false;
    source.onerror = () => {
      broken = true;
    };
    source.onopen = () => {
      if (broken) handlers.current.onReconnect();
      broken = false;
    };
    source.onmessage = (e: MessageEvent<string>) => {
      let event: E;
      try {
        event = JSON.parse(e.data) as E;
      } catch {
        return;
      }
      handlers.current.onEvent(event);
    };
    return () => source.close();
  }, [url]);
}
