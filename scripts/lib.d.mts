import type { ChildProcess, StdioOptions } from 'node:child_process';

export const root: string;
export function buildWebIfStale(): void;
export function buildServer(): void;
export function runServer(env?: Record<string, string>, opts?: { stdio?: StdioOptions }): ChildProcess;
export function portAnswers(port: number, host?: string): Promise<boolean>;
export function serverUp(base: string): Promise<boolean>;
export function freePort(): Promise<number>;
export function run(cmd: string, args: string[], env?: Record<string, string>): number;
