import type { ExpoLiveRoom, LiveEvent, LiveMessage, LivePushProduct } from '@pavilion/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { expoApi } from '../api.ts';
import { useEventStream } from '../events.ts';
import { KEPT, order, withMessage } from './messages.ts';

export type GiftLine = { key: number; nickname: string; giftName: string; icon: string; count: number };
/** How long an incoming gift's line floats over the player, and how many float at once. */
const GIFT_LINE_MS = 4000;
const GIFT_LINES = 3;

const path = (url: string | null) => url?.split('?')[0] ?? null;

/**
 * A read of a room that plays on: its stream keeps the address it plays (a new signature of the same stream would
 * restart the player); a room that went live, or a retry after a failure, takes the read's fresh one.
 */
function withStream(prev: ExpoLiveRoom | null, read: ExpoLiveRoom, fresh: boolean): ExpoLiveRoom {
  if (fresh || !prev || prev.liveState !== 'live' || read.liveState !== 'live' || !prev.flvUrl || path(prev.flvUrl) !== path(read.flvUrl)) return read;
  return { ...read, flvUrl: prev.flvUrl, hlsUrl: prev.hlsUrl };
}

const markPushed = (products: LivePushProduct[], pushed: LivePushProduct | null) => products.map((p) => ({ ...p, pushed: p.productId === pushed?.productId }));

/**
 * A room page's state: the room read, its recent chat, and what its Server-Sent Events change meanwhile (state,
 * pushed product, gifts and their switch, chat, viewers). A state change reads the room again: going live brings the
 * pull URL (signed, so only the read has it), stopping takes it away at once so the player stops. After a dropped
 * connection comes back the room and the chat are read again.
 */
export function useLiveRoom(exhibitionId: string, roomId: string) {
  const [room, setRoom] = useState<ExpoLiveRoom | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [messages, setMessages] = useState<LiveMessage[]>([]);
  const [giftLines, setGiftLines] = useState<GiftLine[]>([]);
  /** The notice of the last gift switch while the page is open (the read's notice is the room's standing one). */
  const [notice, setNotice] = useState<{ text: string; key: number } | null>(null);
  const [roomRound, setRoomRound] = useState(0);
  const [chatRound, setChatRound] = useState(0);
  const freshStream = useRef(false);
  const lineKey = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    let current = true;
    expoApi.liveRoom(exhibitionId, roomId).then(
      (read) => {
        if (!current) return;
        const fresh = freshStream.current;
        freshStream.current = false;
        setRoom((prev) => withStream(prev, read, fresh));
        setError(null);
      },
      (err: unknown) => current && setError(err),
    );
    return () => {
      current = false;
    };
  }, [exhibitionId, roomId, roomRound]);

  useEffect(() => {
    let current = true;
    expoApi.liveMessages(exhibitionId, roomId).then(
      (read) => current && setMessages((mine) => order([...read, ...mine.filter((m) => !read.some((r) => r.id === m.id))]).slice(-KEPT)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [exhibitionId, roomId, chatRound]);

  useEffect(() => {
    const all = timers.current;
    return () => all.forEach(clearTimeout);
  }, []);

  const reloadRoom = useCallback(() => setRoomRound((r) => r + 1), []);
  const retryStream = useCallback(() => {
    freshStream.current = true;
    setRoomRound((r) => r + 1);
  }, []);
  const addMessage = useCallback((m: LiveMessage) => setMessages((list) => withMessage(list, m)), []);

  const onEvent = (e: LiveEvent) => {
    switch (e.type) {
      case 'state':
        setRoom((r) => r && { ...r, liveState: e.liveState, ...(e.liveState === 'live' ? {} : { flvUrl: null, hlsUrl: null }) });
        reloadRoom();
        break;
      case 'push':
        setRoom((r) => r && { ...r, pushed: e.product, products: markPushed(r.products.some((p) => p.productId === e.product.productId) ? r.products : [...r.products, e.product], e.product) });
        break;
      case 'pushCancel':
        setRoom((r) => r && (r.pushed?.productId === e.productId ? { ...r, pushed: null, products: markPushed(r.products, null) } : r));
        break;
      case 'gift': {
        const key = ++lineKey.current;
        setGiftLines((lines) => [...lines, { key, nickname: e.nickname, giftName: e.giftName, icon: e.icon, count: e.count }].slice(-GIFT_LINES));
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          setGiftLines((lines) => lines.filter((l) => l.key !== key));
        }, GIFT_LINE_MS);
        timers.current.add(timer);
        break;
      }
      case 'giftSwitch':
        setRoom((r) => r && { ...r, giftEnabled: e.enabled, giftNotice: e.notice });
        setNotice(e.notice ? { text: e.notice, key: ++lineKey.current } : null);
        break;
      case 'message':
        addMessage(e.message);
        break;
      case 'messageDelete':
        setMessages((list) => list.filter((m) => m.id !== e.id));
        break;
      case 'viewers':
        setRoom((r) => r && { ...r, onlineCount: e.onlineCount });
        break;
    }
  };

  useEventStream<LiveEvent>(room ? expoApi.liveRoomEventsUrl(exhibitionId, roomId) : null, onEvent, () => {
    reloadRoom();
    setChatRound((r) => r + 1);
  });

  return { room, error, messages, giftLines, notice, dismissNotice: () => setNotice(null), reloadRoom, retryStream, addMessage };
}
