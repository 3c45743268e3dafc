import { clientConfig, type ClientConfig } from '@pavilion/contract';

let current: ClientConfig | null = null;

/** GET /config/config.json, read once before the app renders. */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<ClientConfig> {
  const response = await fetchImpl(`/config/config.json?t=${Math.floor(Date.now() / 1000)}`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`config: HTTP ${response.status}`);
  return clientConfig.parse(await response.json());
}

export const setConfig = (config: ClientConfig) => {
  current = config;
};

export function getConfig(): ClientConfig {
  if (!current) throw new Error('The client configuration is read before the app renders; it is missing.');
  return current;
}
