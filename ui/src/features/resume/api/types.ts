/** The resume as `/resume/get` and every change answer it (docs/api.md, "The resume"): components/resume-view's types. */
export { entries, singleValues, type Resume, type ResumeEntry, type ResumeFile, type SectionValues } from '@/components/resume-view/types';
