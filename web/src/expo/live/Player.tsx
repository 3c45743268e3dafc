import type { ExpoLiveRoom } from '@pavilion/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveBadge, OnlineCount, RoomSchedule } from './RoomCard.tsx';

type Failure = { url: string; kind: 'error' | 'unsupported' };

/** mpegts.js plays HTTP-FLV through Media Source Extensions; it is loaded only once a room is live. */
const loadMpegts = () => import('mpegts.js').then((m) => m.default);

/**
 * The room's video: the cover with the room's state while it is not live; while live the signed FLV through mpegts.js,
 * or HLS natively where there is no MSE (iPhone Safari) and the room has an HLS address. Muted so that autoplay is
 * allowed, with a button to turn the sound on. A failure (an expired signature, a dropped stream) offers to read the
 * room again, for a fresh address.
 */
export function Player({ room, onRetry, children }: { room: ExpoLiveRoom; onRetry: () => void; children?: React.ReactNode }) {
  const { t } = useTranslation('expo');
  const video = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [openedAt] = useState(() => Date.now());
  const source = room.liveState === 'live' ? (room.flvUrl ?? room.hlsUrl) : null;
  const { flvUrl, hlsUrl } = room;

  useEffect(() => {
    const el = video.current;
    if (!source || !el) return;
    let cancelled = false;
    let player: { pause(): void; unload(): void; detachMediaElement(): void; destroy(): void } | null = null;
    const fail = (kind: Failure['kind']) => !cancelled && setFailure({ url: source, kind });
    const native = () => {
      if (hlsUrl && el.canPlayType('application/vnd.apple.mpegurl')) {
        el.src = hlsUrl;
        el.play()?.catch(() => undefined);
      } else fail('unsupported');
    };
    if (!flvUrl) native();
    else
      loadMpegts().then(
        (mpegts) => {
          if (cancelled) return;
          if (!mpegts.isSupported() || !mpegts.getFeatureList().mseLivePlayback) return native();
          const p = mpegts.createPlayer({ type: 'flv', isLive: true, url: new URL(flvUrl, window.location.href).href }, { enableStashBuffer: false, liveBufferLatencyChasing: true });
          player = p;
          p.on(mpegts.Events.ERROR, () => fail('error'));
          p.attachMediaElement(el);
          p.load();
          Promise.resolve(p.play()).catch(() => undefined);
        },
        () => fail('error'),
      );
    return () => {
      cancelled = true;
      if (player) {
        player.pause();
        player.unload();
        player.detachMediaElement();
        player.destroy();
      } else if (el.getAttribute('src')) {
        el.removeAttribute('src');
        el.load();
      }
    };
  }, [source, flvUrl, hlsUrl]);

  useEffect(() => {
    if (video.current) video.current.muted = muted;
  }, [muted, source]);

  const failed = failure && failure.url === source ? failure.kind : null;
  return (
    <div className="live-player">
      {source ? (
        <video ref={video} data-testid="live-video" className="live-video" poster={room.cover ?? undefined} muted={muted} autoPlay playsInline aria-label={t('live.video')} />
      ) : (
        <div className="live-poster" style={room.cover ? { backgroundImage: `url("${encodeURI(room.cover)}")` } : undefined}>
          <div className="live-poster-text" role="status">
            {room.liveState === 'idle' && room.planStartAt && Date.parse(room.planStartAt) > openedAt ? <strong>{t('live.soon')}</strong> : null}
            <RoomSchedule room={room} />
          </div>
        </div>
      )}
      {source ? (
        <div className="live-player-top">
          <LiveBadge />
          <OnlineCount count={room.onlineCount} />
        </div>
      ) : null}
      {source && failed ? (
        <div className="live-poster-text live-failed" role="alert">
          <p>{failed === 'unsupported' ? t('live.unsupported') : t('live.playFailed')}</p>
          {failed === 'error' ? (
            <button type="button" className="button" onClick={onRetry}>
              {t('common.retry')}
            </button>
          ) : null}
        </div>
      ) : null}
      {source && !failed ? (
        <button type="button" className="live-sound" aria-pressed={!muted} onClick={() => setMuted((m) => !m)}>
          {muted ? t('live.unmute') : t('live.mute')}
        </button>
      ) : null}
      {children}
    </div>
  );
}
