import type { Resume } from './answers';

/** The resume as `/resume/get` and every change answer it (docs/api.md, "The resume"), and as an employer's calls show it: the server's type (answers.ts). */
export type { Resume, ResumeFile } from './answers';

/** A form section's values (and a list entry's): field -> a string or a list of strings. */
export type SectionValues = Record<string, string | string[]>;

/** An entry of a list section. */
export type ResumeEntry = Extract<Resume['sections'][string], unknown[]>[number];
