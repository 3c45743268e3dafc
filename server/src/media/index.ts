import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import type { Deps } from '../deps.ts';
import { builtinDriver } from './builtin.ts';
import { urlOnlyDriver, type MediaDriver } from './driver.ts';

export { pullUrlsFor, pushUrlsFor, registerPublishGate, type Admission, type MediaDriver, type Publication, type PublishGate } from './driver.ts';

/** The driver MEDIA_DRIVER names; `deps` is read when a publisher arrives (the driver is part of them). */
export function createMediaDriver(config: Config, log: FastifyBaseLogger, deps: () => Deps): MediaDriver {
  return config.media.driver === 'builtin' ? builtinDriver(config.media, log, deps) : urlOnlyDriver(config.media.driver, log);
}

/** The builtin driver's HTTP-FLV pull under this app; other drivers have none. Stops the ingest when the app closes. */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const media = app.deps.media;
  media.servePull?.(app);
  app.addHook('onClose', async () => media.stop());
};
