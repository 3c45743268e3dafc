import net from 'node:net';

/** The Redis the tests use when it answers (CI has one: a test that needs it fails there without it). */
export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const redisAnswers = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(redisUrl);
  const socket = net.connect({ host: hostname, port: Number(port || 6379) });
  socket.setTimeout(500);
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => (socket.destroy(), resolve(false)));
});
if (process.env.CI && !redisAnswers) throw new Error(`CI expects Redis at ${redisUrl}`);
