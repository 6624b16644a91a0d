/** Strings of "fill my resume from this file" (issue 17), merged into the resume pages' catalogue. */
export const fillCatalogue = {
  'zh-CN': {
    resume: {
      fill: {
        button: '用此文件填写简历',
        label: '用此文件填写简历：{{name}}',
        done: '从文件中找到 {{count}} 项内容，已作为草稿打开，请逐项检查后保存；已保存的内容不会被覆盖',
        nothing: '文件中没有简历里还缺少的内容',
      },
      errors: { RESUME_ANALYSIS_FAILED: '简历解析失败，请重试' },
    },
  },
  'en-US': {
    resume: {
      fill: {
        button: 'Fill my resume from this file',
        label: 'Fill my resume from this file: {{name}}',
        done: '{{count}} items found in the file and opened as drafts: check each and save it. What you saved is not overwritten',
        nothing: 'The file holds nothing your resume is missing',
      },
      errors: { RESUME_ANALYSIS_FAILED: 'Resume analysis failed, please retry' },
    },
  },
};

export default fillCatalogue;
