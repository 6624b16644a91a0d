export { SliderCaptcha, type SliderCaptchaProps } from './slider-captcha';
export { SliderModal, type SliderModalProps } from './slider-modal';
