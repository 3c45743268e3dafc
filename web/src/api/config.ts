import type { ClientConfig } from '@pavilion/contract';

let current: ClientConfig | null = null;

/**
 * GET /config/config.json, read once before the app renders. Its shape is the contract's `clientConfig`, which the
 * server's response schema enforces; the page does not parse it again, so a login page carries no zod.
 */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<ClientConfig> {
  const response = await fetchImpl(`/config/config.json?t=${Math.floor(Date.now() / 1000)}`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`config: HTTP ${response.status}`);
  const config: unknown = await response.json();
  if (typeof config !== 'object' || config === null || typeof (config as { api?: unknown }).api !== 'string') throw new Error('config: not a client configuration');
  return config as ClientConfig;
}

export const setConfig = (config: ClientConfig) => {
  current = config;
};

export function getConfig(): ClientConfig {
  if (!current) throw new Error('The client configuration is read before the app renders; it is missing.');
  return current;
}
