export const distDir: string;
export function buildServer(names?: ('main' | 'bench-serve')[]): Promise<void>;
export function serverNodeFlags(env?: Record<string, string | undefined>): string[];
export function serverEnv(env?: Record<string, string | undefined>): Record<string, string | undefined>;
