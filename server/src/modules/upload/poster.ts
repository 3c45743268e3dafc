import { execFile } from 'node:child_process';
import fs from 'node:fs';

const run = (cmd: string, args: string[], timeout: number) =>
  new Promise<boolean>((resolve) => {
    execFile(cmd, args, { timeout, windowsHide: true }, (error) => resolve(!error));
  });

/** The ffmpeg to run for poster frames, or null when it is switched off or not on PATH; asked once at start. */
export async function detectFfmpeg(command: string | null): Promise<string | null> {
  if (!command) return null;
  return (await run(command, ['-hide_banner', '-version'], 5000)) ? command : null;
}

/**
 * A JPEG of the frame at 1 s (the first frame of a shorter video), at most 1280 pixels wide.
 * False when ffmpeg could not read a picture (an audio-only MP4, say): the video keeps no poster.
 */
export async function extractPoster(ffmpeg: string, video: string, jpeg: string): Promise<boolean> {
  for (const at of ['1', '0']) {
    await fs.promises.rm(jpeg, { force: true });
    const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-ss', at, '-i', video, '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-q:v', '3', '-f', 'image2', '-y', jpeg];
    if ((await run(ffmpeg, args, 60_000)) && (await fs.promises.stat(jpeg).catch(() => null))?.size) return true;
  }
  await fs.promises.rm(jpeg, { force: true });
  return false;
}
