import labels from '../../../../core-wasm/src/resume/labels.json';

/**
 * What the resume reads with wherever it is shown (/my/edit, /my/preview, the recruiter site): the names of
 * sections, fields and options (labels.json, which the server's PDF reads too) and the few words around them;
 * and, wherever it is edited (/my/edit, the touch site's /m/resume), core-wasm's problems (`resume.v.*`,
 * `resume.upload.*`) and the files' hints.
 */
export const resumeViewCatalogue = {
  'zh-CN': {
    resume: {
      ...labels['zh-CN'],
      now: '至今',
      photoAlt: '{{name}}的照片',
      fileName: '附件名称',
      untitled: '未命名简历',
      resumeFileHint: '支持 txt、doc、docx、pdf，单个不超过 2MB，最多 3 个',
      attachmentHint: '支持 doc、docx、ppt、txt、pdf、gif、jpg、jpeg、png，单个不超过 2MB，最多 5 个',
      v: {
        input: '请输入{{label}}',
        select: '请选择{{label}}',
        maxChars: '{{label}}不能超过 {{limit}} 个字',
        maxWidth: '{{label}}不能超过 {{limit}} 个字符（汉字算 2 个）',
        number: '{{label}}只能填写数字',
        numberTooLong: '{{label}}不能超过 {{limit}} 位数字',
        email: '邮箱格式不正确',
        emailCount: '最多填写 {{limit}} 个邮箱',
        url: '请输入有效的网址，如 https://example.com',
        qq: 'QQ号码只能是 5-12 位数字',
        mobile: '手机号码格式不正确',
        phone: '固定电话格式不正确',
        mobileOrPhone: '手机号码和固定电话至少填写一项',
        postalCode: '邮政编码为 6 位数字',
        contact: '请填写正确的手机号或邮箱',
        date: '请选择正确的日期',
        period: '结束时间不能早于开始时间',
        option: '请从列表中选择{{label}}',
        keywordTooLong: '每个关键词不能超过 {{limit}} 个字',
        keywordsTooLong: '关键词合计不能超过 {{limit}} 个字',
        skillRow: '技能名称、掌握程度和使用时间须填写完整',
      },
      upload: {
        format: '文件格式不支持',
        size: '文件过大，不能超过 2MB',
        count: '文件数量已达上限',
      },
    },
  },
  'en-US': {
    resume: {
      ...labels['en-US'],
      now: 'Present',
      photoAlt: 'Photo of {{name}}',
      fileName: 'Attachment name',
      untitled: 'Untitled resume',
      resumeFileHint: 'txt, doc, docx or pdf, up to 2 MB each, 3 at most',
      attachmentHint: 'doc, docx, ppt, txt, pdf, gif, jpg, jpeg or png, up to 2 MB each, 5 at most',
      v: {
        input: 'Please enter {{label}}',
        select: 'Please select {{label}}',
        maxChars: '{{label}} must be at most {{limit}} characters',
        maxWidth: '{{label}} must be at most {{limit}} characters (a Chinese character counts as 2)',
        number: '{{label}} must be a number',
        numberTooLong: '{{label}} must be at most {{limit}} digits',
        email: 'The email address is not valid',
        emailCount: 'At most {{limit}} email addresses',
        url: 'Enter a valid web address, such as https://example.com',
        qq: 'A QQ number is 5 to 12 digits',
        mobile: 'The mobile number is not valid',
        phone: 'The telephone number is not valid',
        mobileOrPhone: 'Enter a mobile or a telephone number',
        postalCode: 'A postal code is 6 digits',
        contact: 'Enter a valid mobile number or email address',
        date: 'Choose a valid date',
        period: 'The end cannot be before the start',
        option: 'Choose {{label}} from the list',
        keywordTooLong: 'Each keyword must be at most {{limit}} characters',
        keywordsTooLong: 'All keywords together must be at most {{limit}} characters',
        skillRow: 'Fill in the skill, its level and the months of experience',
      },
      upload: {
        format: 'File format not supported',
        size: 'The file is too big: 2 MB at most',
        count: 'No more files of this kind can be added',
      },
    },
  },
};
export default resumeViewCatalogue;
