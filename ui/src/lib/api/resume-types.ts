/** The resume as `/resume/get` and every change answer it (docs/api.md, "The resume"), and as an employer's calls show it. */
export type SectionValues = Record<string, string | string[]>;

export interface ResumeEntry {
  id: number;
  data: SectionValues;
}

export interface ResumeFile {
  id: number;
  name: string;
  originalName: string;
  size: number;
  contentType: string;
  url: string;
  thumbUrl?: string;
  createdAt: number;
}

export interface Resume {
  id: number;
  resumeType: number;
  title: string;
  filled: boolean;
  updatedAt: number;
  sections: Record<string, SectionValues | ResumeEntry[] | null>;
  photo: ResumeFile | null;
  files: Record<string, ResumeFile[]>;
  complete: Record<string, boolean>;
}
