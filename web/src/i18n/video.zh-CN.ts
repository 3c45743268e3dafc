/** Chinese messages of the resumable video upload (components/VideoUpload.tsx), spread into zh-CN.ts. */
export const videoZhCN = {
  videoUpload: {
    choose: '上传视频',
    replace: '更换视频',
    hint: 'MP4 或 WebM 格式，不超过 {{max}}MB；网络中断后会自动续传',
    wrongType: '请上传 MP4 或 WebM 格式的视频',
    tooLarge: '视频不能超过 {{max}}MB',
    uploading: '正在上传 {{name}}',
    reconnecting: '网络中断，正在从已上传的位置继续…',
    cancel: '取消上传',
    cancelled: '已取消上传',
    done: '视频已上传',
    preview: '视频预览',
  },
};

export type VideoMessages = typeof videoZhCN;
