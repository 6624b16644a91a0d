/** Strings of the company's pictures on /recruit/company (issue 15), registered with the recruiter site's. */
const picturesCatalogue = {
  'zh-CN': {
    recruit: {
      errors: {
        FILE_FORMAT: '请上传 JPG、PNG 或 GIF 格式的图片',
        FILE_TOO_BIG: '图片不能超过 5MB',
        FILE_COUNT: '公司相册最多 9 张照片',
      },
      pictures: {
        title: '公司形象',
        hint: '支持 JPG、PNG、GIF，单张不超过 5MB。图片会重新压缩，去除拍摄信息。',
        logo: '公司 Logo',
        logoHint: '显示在公司主页、职位详情和搜索结果中',
        licence: '营业执照',
        licenceHint: '仅用于平台认证审核，不会公开展示',
        licenceView: '查看已上传的营业执照',
        photos: '公司相册',
        photosHint: '办公环境、团队活动等，最多 9 张',
        photo: '公司照片 {{n}}',
        videoCover: '宣传视频封面',
        videoCoverHint: '与上方的宣传视频链接一起显示',
        upload: '上传',
        replace: '更换',
        add: '添加照片',
        remove: '删除',
        uploaded: '图片已上传',
        removed: '图片已删除',
        none: '未上传',
      },
    },
  },
  'en-US': {
    recruit: {
      errors: {
        FILE_FORMAT: 'Please upload a JPG, PNG or GIF picture',
        FILE_TOO_BIG: 'A picture may be at most 5 MB',
        FILE_COUNT: 'The album holds at most 9 photos',
      },
      pictures: {
        title: 'Company pictures',
        hint: 'JPG, PNG or GIF, at most 5 MB each. Pictures are recompressed and lose their camera data.',
        logo: 'Logo',
        logoHint: 'Shown on the company page, job pages and search results',
        licence: 'Business licence',
        licenceHint: 'Used only for verification by the site; never shown publicly',
        licenceView: 'View the uploaded licence',
        photos: 'Photos',
        photosHint: 'The office, the team at work; at most 9',
        photo: 'Company photo {{n}}',
        videoCover: 'Video cover',
        videoCoverHint: 'Shown with the video link above',
        upload: 'Upload',
        replace: 'Replace',
        add: 'Add a photo',
        remove: 'Remove',
        uploaded: 'Picture uploaded',
        removed: 'Picture removed',
        none: 'None yet',
      },
    },
  },
};

export default picturesCatalogue;
