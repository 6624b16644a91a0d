import labels from '../../../../core-wasm/src/resume/labels.json';

/**
 * What the resume reads with wherever it is shown (/my/edit, /my/preview, the recruiter site): the names of
 * sections, fields and options (labels.json, which the server's PDF reads too) and the few words around them.
 */
export const resumeViewCatalogue = {
  'zh-CN': {
    resume: {
      ...labels['zh-CN'],
      now: '至今',
      photoAlt: '{{name}}的照片',
      fileName: '附件名称',
      untitled: '未命名简历',
    },
  },
  'en-US': {
    resume: {
      ...labels['en-US'],
      now: 'Present',
      photoAlt: 'Photo of {{name}}',
      fileName: 'Attachment name',
      untitled: 'Untitled resume',
    },
  },
};
export default resumeViewCatalogue;
