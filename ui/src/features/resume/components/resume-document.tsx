// The read-only resume moved to components/resume-view, where the recruiter site shows it too.
export { ResumeDocument } from '@/components/resume-view/resume-document';
