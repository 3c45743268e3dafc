import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Failed, Loading, Missing } from '../App.tsx';
import { ExpoError } from '../api.ts';
import { formatCount } from '../format.ts';
import { useSite } from '../hooks.ts';
import { Chat } from '../live/Chat.tsx';
import { GiftButton, GiftLines } from '../live/Gifts.tsx';
import { Player } from '../live/Player.tsx';
import { ProductList, PushedProduct } from '../live/Products.tsx';
import { roomTitle } from '../live/RoomCard.tsx';
import { useLiveRoom } from '../live/useLiveRoom.ts';
import { EnquiryButton } from '../matching/EnquiryButton.tsx';

export default function LiveRoomPage() {
  const { roomId = '' } = useParams();
  return <LiveRoom key={roomId} roomId={roomId} />;
}

type Tab = 'chat' | 'intro' | 'products';
const TABS: Tab[] = ['chat', 'intro', 'products'];

/**
 * A live room: the player on top with the pushed product and gifts over it, then chat, introduction and products as
 * tabs on a phone; on a wide screen the chat stands to the right of the player and the tabs keep the other two.
 */
function LiveRoom({ roomId }: { roomId: string }) {
  const { t } = useTranslation('expo');
  const { exhibitionId, lang } = useSite();
  const { room, error, messages, giftLines, notice, dismissNotice, reloadRoom, retryStream, addMessage } = useLiveRoom(exhibitionId, roomId);
  const [tab, setTab] = useState<Tab>('chat');

  if (!room) {
    if (error) return error instanceof ExpoError && error.status === 404 ? <Missing /> : <Failed onRetry={reloadRoom} />;
    return <Loading />;
  }
  const title = roomTitle(lang, room);
  const panelClass = (k: Tab) => `live-panel live-panel-${k} ${tab === k ? 'on' : ''} ${tab === 'chat' && k === 'intro' ? 'wide-default' : ''}`;

  return (
    <article className="live-room">
      <div className="live-main">
        <Player room={room} onRetry={retryStream}>
          <GiftLines lines={giftLines} />
          {room.pushed ? <PushedProduct key={room.pushed.productId} product={room.pushed} /> : null}
        </Player>
        {notice ? (
          <div className="notice gift-notice" data-testid="gift-notice" role="status">
            <span className="visually-hidden">{t('live.gift.notice')}</span>
            <span>{notice.text}</span>
            <button type="button" className="pushed-close" aria-label={t('live.close')} onClick={dismissNotice}>
              ×
            </button>
          </div>
        ) : null}
        <header className="live-head">
          <h1>{title}</h1>
          <p className="muted">
            {room.companyName ?? t('live.host')}
            {' · '}
            <span data-testid="live-online">{t('live.online', { n: formatCount(room.onlineCount) })}</span>
            {' · '}
            {t('live.views', { n: formatCount(room.viewCount) })}
          </p>
          {room.exhibitorId ? <EnquiryButton exhibitorId={room.exhibitorId} liveRoomId={room.id} /> : null}
        </header>
        <div className="tabs live-tabs" role="tablist" aria-label={title}>
          {TABS.map((k) => (
            <button key={k} type="button" role="tab" id={`live-tab-${k}`} aria-controls={`live-panel-${k}`} aria-selected={tab === k} className={`tab live-tab-${k} ${tab === k ? 'on' : ''} ${tab === 'chat' && k === 'intro' ? 'wide-default' : ''}`} onClick={() => setTab(k)}>
              {t(`live.tabs.${k}`)}
              {k === 'products' && room.products.length ? ` ${room.products.length}` : null}
            </button>
          ))}
        </div>
        <section id="live-panel-intro" role="tabpanel" aria-labelledby="live-tab-intro" className={panelClass('intro')}>
          {room.introduction ? <p className="prose">{room.introduction}</p> : <p className="status">{t('live.noIntro')}</p>}
        </section>
        <section id="live-panel-products" role="tabpanel" aria-labelledby="live-tab-products" className={panelClass('products')}>
          <ProductList products={room.products} />
        </section>
      </div>
      <section id="live-panel-chat" role="tabpanel" aria-labelledby="live-tab-chat" className={panelClass('chat')}>
        <Chat roomId={room.id} messages={messages} onSent={addMessage} extra={room.giftEnabled && room.gifts.length ? <GiftButton roomId={room.id} gifts={room.gifts} /> : null} />
      </section>
    </article>
  );
}
