import type { FastifyRequest } from 'fastify';

export type Lang = 'zh-CN' | 'en';

/** The caller's language: `Accept-Language` (the web sends `en` on the English paths). */
export function langOf(request: Pick<FastifyRequest, 'headers'>): Lang {
  const header = request.headers['accept-language'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^en\b/i.test(value.trim()) ? 'en' : 'zh-CN';
}

export type Text = { 'zh-CN': string; en: string };
export const fill = (text: string, params: Record<string, string | number> = {}) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
