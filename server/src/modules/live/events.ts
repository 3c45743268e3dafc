import type { LiveEvent } from '@pavilion/contract';
import type { SharedState } from '../../infra/kv.ts';

/** The SharedState channel of one room's events (docs/live.md): every instance's open room pages listen on it. */
export const liveRoomChannel = (roomId: string) => `live-room:${roomId}`;

/** Sends one event to every viewer of the room, on every instance. */
export async function publishRoomEvent(shared: SharedState, roomId: string, event: LiveEvent): Promise<void> {
  await shared.publish(liveRoomChannel(roomId), JSON.stringify(event));
}
