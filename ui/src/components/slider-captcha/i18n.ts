/** Strings of the slider captcha, registered when the component loads. */
export const sliderCatalogue = {
  'zh-CN': {
    slider: {
      title: '安全验证',
      hint: '向右拖动滑块，完成拼图',
      handle: '拖动滑块',
      refresh: '换一张',
      picture: '验证图片',
      loading: '图片加载中…',
      checking: '验证中…',
      passed: '验证通过',
      failed: '验证失败，请重试',
      rateLimited: '尝试次数过多，请稍后再试',
      loadFailed: '图片加载失败，请点击刷新重试',
      network: '网络异常，请刷新重试',
    },
  },
  'en-US': {
    slider: {
      title: 'Security check',
      hint: 'Drag the slider to complete the puzzle',
      handle: 'Slider handle',
      refresh: 'New picture',
      picture: 'Verification picture',
      loading: 'Loading the picture…',
      checking: 'Checking…',
      passed: 'Verified',
      failed: 'That did not fit, please try again',
      rateLimited: 'Too many tries, please try again later',
      loadFailed: 'The picture did not load; refresh to try again',
      network: 'Network error; refresh to try again',
    },
  },
};
export default sliderCatalogue;
