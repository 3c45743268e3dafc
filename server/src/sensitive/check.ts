import TextMatcher from 'modern-ahocorasick/text';
import { ErrorCode, type SensitiveMode } from '@pavilion/contract';
import type { Deps } from '../deps.ts';
import type { Executor } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { slot } from '../core/slot.ts';

/** Where the word list and the mode are kept: registered at start-up by the module that stores them. */
export type SensitiveSource = { words(db: Executor): Promise<{ words: string[] }>; mode(db: Executor): Promise<SensitiveMode> };
const source = slot<SensitiveSource>('sensitive: the word source');
export const registerSensitiveSource = source.fill;

/** Published after the word list or the mode changed; every instance drops its compiled matcher. */
export const SENSITIVE_CHANGED = 'sensitive:changed';
/** In case a notification was lost (Redis pub/sub does not replay to a reconnecting subscriber). */
const MAX_AGE_MS = 10 * 60_000;

type Compiled = { mode: SensitiveMode; matcher: TextMatcher | null };
type Cache = { value: Promise<Compiled> | null; at: number };

/** One cache per app instance (its `deps`), subscribed to the change channel on first use. */
const caches = new WeakMap<Deps, Cache>();

function cacheOf(deps: Deps): Cache {
  let cache = caches.get(deps);
  if (!cache) {
    const created: Cache = { value: null, at: 0 };
    cache = created;
    caches.set(deps, created);
    deps.shared.subscribe(SENSITIVE_CHANGED, () => void (created.value = null)).catch(() => undefined);
  }
  return cache;
}

/** NFKC and full case folding: `ＢＡＤ`, `Bad` and `bad` are the same word; ranges map back to the text as written. */
export const compileWords = (words: readonly string[]) => {
  const clean = [...new Set(words.map((w) => w.trim()).filter(Boolean))];
  return clean.length ? new TextMatcher(clean, { normalization: 'NFKC', caseFold: true }) : null;
};

/** The compiled matcher and mode, built once per change of the list (concurrent callers share one build). */
export function compiledSensitive(deps: Deps): Promise<Compiled> {
  const cache = cacheOf(deps);
  if (cache.value && Date.now() - cache.at < MAX_AGE_MS) return cache.value;
  const value = (async () => {
    const { words: readWords, mode: readMode } = source.get();
    const [{ words }, mode] = await Promise.all([readWords(deps.db), readMode(deps.db)]);
    return { mode, matcher: compileWords(words) };
  })();
  cache.value = value;
  cache.at = Date.now();
  value.catch(() => cache.value === value && (cache.value = null));
  return value;
}

/** The word list and mode read now, uncached: for a background job, which reads them once for all its rows. */
export async function readSensitive(db: Executor): Promise<Compiled> {
  const { words: readWords, mode: readMode } = source.get();
  const [{ words }, mode] = await Promise.all([readWords(db), readMode(db)]);
  return { mode, matcher: compileWords(words) };
}

/** After a committed change of the list or the mode: drop this instance's matcher and tell the others. */
export async function sensitiveChanged(deps: Deps, log?: { warn(obj: unknown, msg: string): void }) {
  cacheOf(deps).value = null;
  try {
    await deps.shared.publish(SENSITIVE_CHANGED, String(Date.now()));
  } catch (err) {
    log?.warn({ err }, `could not publish ${SENSITIVE_CHANGED}`);
  }
}

/** The first sensitive word in `text` as written there, or null. */
export function firstHit(matcher: TextMatcher | null, text: string): string | null {
  if (!matcher || !text) return null;
  const hit = matcher.findFirst(text, { strategy: 'leftmost-longest' });
  return hit ? text.slice(hit.start, hit.end) : null;
}

export const maskText = (matcher: TextMatcher, text: string) =>
  matcher.replace(text, (_match, written) => '*'.repeat([...written].length), { strategy: 'leftmost-longest' });

/**
 * The one check every module calls on text people submit. `fields` maps the field name as the
 * caller sent it to its value. In `refuse` mode a hit is a 400 (code 4026) naming each field and
 * the word as written (`errors[]` has every offending field); in `mask` mode the words are replaced
 * by `*` and the masked values are answered, to be stored instead of the originals.
 */
export async function checkText<T extends Record<string, string | null | undefined>>(deps: Deps, fields: T, opts: { mode?: SensitiveMode } = {}): Promise<T> {
  const compiled = await compiledSensitive(deps);
  const matcher = compiled.matcher;
  const mode = opts.mode ?? compiled.mode;
  if (!matcher) return fields;
  const out: Record<string, string | null | undefined> = { ...fields };
  const hits: { field: string; word: string }[] = [];
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value !== 'string' || !value) continue;
    if (mode === 'mask') out[field] = maskText(matcher, value);
    else {
      const word = firstHit(matcher, value);
      if (word) hits.push({ field, word });
    }
  }
  if (hits.length)
    throw new AppError(ErrorCode.SensitiveWord, { field: hits[0]!.field, word: hits[0]!.word }, undefined, undefined, hits.map((h) => ({ field: h.field, issue: ErrorCode.SensitiveWord, params: { word: h.word } })));
  return out as T;
}
