import type { ExhibitorSettings } from '@pavilion/contract';

/** The lobby keys of the exhibitor settings (set/lobby). */
export const lobbyKeys = ['lobbyBanner', 'lobbyVideo', 'lobbyWelcome', 'lobbyWelcomeEn'] as const;
export type LobbyValues = Pick<ExhibitorSettings, (typeof lobbyKeys)[number]>;

export const lobbyValuesOf = (s: ExhibitorSettings): LobbyValues => ({ lobbyBanner: s.lobbyBanner, lobbyVideo: s.lobbyVideo, lobbyWelcome: s.lobbyWelcome, lobbyWelcomeEn: s.lobbyWelcomeEn });

const blankToNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

/** Only what changed: the banner and video as URLs or null (removed), the welcomes trimmed ('' clears). */
export function lobbyPatch(before: LobbyValues, after: Partial<LobbyValues>): Partial<LobbyValues> {
  const patch: Partial<LobbyValues> = {};
  for (const key of ['lobbyBanner', 'lobbyVideo'] as const) {
    const value = blankToNull(after[key]);
    if (after[key] !== undefined && value !== blankToNull(before[key])) patch[key] = value;
  }
  for (const key of ['lobbyWelcome', 'lobbyWelcomeEn'] as const) {
    const value = (after[key] ?? '').trim();
    if (after[key] !== undefined && value !== (before[key] ?? '').trim()) patch[key] = value;
  }
  return patch;
}

/** A video address the lobby can play: http(s) or a path on this site. */
export const isVideoUrl = (v: string) => /^(https?:\/\/\S+|\/\S*)$/i.test(v.trim());
