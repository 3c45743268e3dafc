import type { VideoMessages } from './video.zh-CN.ts';

/** English counterparts of video.zh-CN.ts (same keys, checked by the type). */
export const videoEn: VideoMessages = {
  videoUpload: {
    choose: 'Upload video',
    replace: 'Replace video',
    hint: 'MP4 or WebM, up to {{max}} MB; a dropped connection resumes by itself',
    wrongType: 'Upload an MP4 or WebM video',
    tooLarge: 'The video must be under {{max}} MB',
    uploading: 'Uploading {{name}}',
    reconnecting: 'Connection lost; resuming from what has arrived…',
    cancel: 'Cancel upload',
    cancelled: 'Upload cancelled',
    done: 'Video uploaded',
    preview: 'Video preview',
  },
};
