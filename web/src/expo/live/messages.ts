import type { LiveMessage } from '@pavilion/contract';

/** The contract's LIVE_MESSAGE_BACKLOG (the recent messages a room page reads); the constant would bring zod here. */
const LIVE_MESSAGE_BACKLOG = 50;
/** Messages kept on the page: a long session's chat does not grow without end. */
export const KEPT = LIVE_MESSAGE_BACKLOG * 4;

/** Oldest first, as a chat reads. */
export const order = (list: LiveMessage[]) => [...list].sort((x, y) => Date.parse(x.createAt) - Date.parse(y.createAt));

/** A message the stream or the visitor's own send brought, once (both may bring the same one). */
export function withMessage(list: LiveMessage[], m: LiveMessage): LiveMessage[] {
  if (list.some((x) => x.id === m.id)) return list;
  const last = list[list.length - 1];
  const next = last && Date.parse(last.createAt) > Date.parse(m.createAt) ? order([...list, m]) : [...list, m];
  return next.length > KEPT ? next.slice(-KEPT) : next;
}
