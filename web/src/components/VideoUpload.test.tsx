import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { FeedbackBridge } from './feedback.tsx';
import { VideoUpload } from './VideoUpload.tsx';

/** Messages go to this tree's antd App, not to one a previous file left behind. */
const inApp = (node: ReactNode) => (
  <App>
    <FeedbackBridge />
    {node}
  </App>
);

type Call = { method: string; url: string; headers: Record<string, string>; bytes: number };

/**
 * A tus server in memory, behind tus-js-client's own HTTP-stack interface: the real client runs
 * (offsets, HEAD after a failure, retries), only the network is this object. `dropPatch` cuts the
 * n-th PATCH after half its bytes arrived, as a lost connection does.
 */
function fakeTus({ dropPatch = 0, finish = (): [number, unknown] => [200, { success: true, code: 0, data: { url: '/uploads/2026/01/0b5c3a8e-1111-4222-8333-444455556666.mp4', name: 'clip.mp4', size: 0, contentType: 'video/mp4', posterUrl: '/uploads/2026/01/0b5c3a8e-1111-4222-8333-444455556666.jpg' } }] } = {}) {
  const uploads = new Map<string, { length: number; offset: number }>();
  const calls: Call[] = [];
  let patches = 0;
  const answer = (status: number, headers: Record<string, string> = {}, body = ''): HttpResponse => ({
    getStatus: () => status,
    getHeader: (name) => headers[name.toLowerCase()],
    getBody: () => body,
    getUnderlyingObject: () => null,
  });
  const sizeOf = (body: unknown) => (body == null ? 0 : body instanceof Blob ? body.size : (body as { length: number }).length);
  const stack: HttpStack = {
    getName: () => 'fake-tus',
    createRequest(method: string, url: string): HttpRequest {
      const headers: Record<string, string> = {};
      let progress: (sent: number) => void = () => {};
      return {
        getMethod: () => method,
        getURL: () => url,
        setHeader: (k, v) => void (headers[k.toLowerCase()] = v),
        getHeader: (k) => headers[k.toLowerCase()],
        setProgressHandler: (h) => void (progress = h),
        abort: async () => {},
        getUnderlyingObject: () => null,
        async send(body?: unknown) {
          const bytes = sizeOf(body);
          calls.push({ method, url, headers: { ...headers }, bytes });
          const id = url.split('/').pop()!;
          const upload = uploads.get(id);
          if (method === 'POST') {
            const newId = `u${uploads.size + 1}`;
            uploads.set(newId, { length: Number(headers['upload-length']), offset: 0 });
            return answer(201, { location: `${url}/${newId}`, 'tus-resumable': '1.0.0' });
          }
          if (!upload) return answer(404);
          if (method === 'HEAD') return answer(200, { 'upload-offset': String(upload.offset), 'upload-length': String(upload.length), 'tus-resumable': '1.0.0' });
          if (method === 'DELETE') {
            uploads.delete(id);
            return answer(204);
          }
          if (Number(headers['upload-offset']) !== upload.offset) return answer(409);
          patches += 1;
          if (patches === dropPatch) {
            upload.offset += Math.floor(bytes / 2);
            progress(Math.floor(bytes / 2));
            throw new Error('connection reset');
          }
          upload.offset += bytes;
          progress(bytes);
          if (upload.offset < upload.length) return answer(204, { 'upload-offset': String(upload.offset), 'tus-resumable': '1.0.0' });
          const [status, data] = finish();
          return answer(status, { 'upload-offset': String(upload.offset), 'tus-resumable': '1.0.0' }, JSON.stringify(data));
        },
      };
    },
  };
  return { stack, calls, uploads };
}

const video = (size = 1000, type = 'video/mp4', name = 'clip.mp4') => new File([new Uint8Array(size)], name, { type });

afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('zh-CN');
});

describe('VideoUpload', () => {
  it('resumes from the server offset after a dropped connection, then shows the video with its poster', async () => {
    const tus = fakeTus({ dropPatch: 2 });
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(inApp(<VideoUpload onChange={onChange} purpose="general" transport={{ httpStack: tus.stack, chunkSize: 400, retryDelays: [0, 0, 0] }} />));
    await user.upload(screen.getByTestId('video-upload-choose').closest('span')!.querySelector('input')!, video(1000));
    const url = '/uploads/2026/01/0b5c3a8e-1111-4222-8333-444455556666.mp4';
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(url, expect.objectContaining({ url, posterUrl: '/uploads/2026/01/0b5c3a8e-1111-4222-8333-444455556666.jpg' })));
    // POST, PATCH 0-400, PATCH 400-800 cut after 200 bytes, HEAD says 600, PATCH 600-1000.
    expect(tus.calls.map((c) => `${c.method} ${c.headers['upload-offset'] ?? ''}`.trim())).toEqual(['POST', 'PATCH 0', 'PATCH 400', 'HEAD', 'PATCH 600']);
    expect(tus.calls[0]!.headers['upload-metadata']).toContain(`purpose ${btoa('general')}`);
    expect(tus.calls[0]!.headers['accept-language']).toBe('zh-CN');
    rerender(inApp(<VideoUpload value={onChange.mock.calls[0]![0] as string} onChange={onChange} transport={{ httpStack: tus.stack }} />));
    const player = screen.getByTestId('video-upload-preview');
    expect(player).toHaveAttribute('preload', 'metadata');
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAttribute('poster', '/uploads/2026/01/0b5c3a8e-1111-4222-8333-444455556666.jpg');
    expect(screen.getByText('更换视频')).toBeInTheDocument();
  });

  it('shows progress and cancels: the server deletes what it holds', async () => {
    const tus = fakeTus();
    // The second PATCH never answers, so the upload stays under way.
    const stack: HttpStack = {
      getName: () => 'slow',
      createRequest(method, url) {
        const request = tus.stack.createRequest(method, url);
        const send = request.send.bind(request);
        request.send = (body) => (method === 'PATCH' && tus.calls.some((c) => c.method === 'PATCH') ? new Promise<HttpResponse>(() => {}) : send(body));
        return request;
      },
    };
    const user = userEvent.setup();
    await i18n.changeLanguage('en');
    render(inApp(<VideoUpload transport={{ httpStack: stack, chunkSize: 500 }} />));
    await user.upload(screen.getByTestId('video-upload-choose').closest('span')!.querySelector('input')!, video(1000));
    await waitFor(() => expect(screen.getByTestId('video-upload-progress')).toHaveTextContent('Uploading clip.mp4'));
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50'));
    await user.click(screen.getByTestId('video-upload-cancel'));
    await waitFor(() => expect(tus.calls.at(-1)!.method).toBe('DELETE'));
    expect(tus.uploads.size).toBe(0);
    expect(await screen.findByText('Upload cancelled')).toBeInTheDocument();
    expect(screen.getByTestId('video-upload-choose')).toHaveTextContent('Upload video');
  });

  it('refuses a file that is not MP4 or WebM before sending anything, and shows the server refusal in the person language', async () => {
    const tus = fakeTus({ finish: () => [415, { success: false, code: 4141, description: 'The file is not a video: only MP4 and WebM videos are accepted' }] });
    await i18n.changeLanguage('en');
    const user = userEvent.setup({ applyAccept: false });
    render(inApp(<VideoUpload transport={{ httpStack: tus.stack, retryDelays: [] }} />));
    const input = () => screen.getByTestId('video-upload-choose').closest('span')!.querySelector('input')!;
    await user.upload(input(), video(10, 'application/pdf', 'brochure.pdf'));
    expect(await screen.findByText('Upload an MP4 or WebM video')).toBeInTheDocument();
    expect(tus.calls).toEqual([]);
    await user.upload(input(), video(10, 'video/mp4', 'renamed.mp4'));
    expect(await screen.findByText('The file is not a video: only MP4 and WebM videos are accepted')).toBeInTheDocument();
    expect(screen.queryByTestId('video-upload-preview')).toBeNull();
  });
});
