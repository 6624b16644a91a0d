/**
 * What the file picker offers for each upload kind of the resume, on the desktop editor and on /m. The rule
 * itself (formats, sizes, counts) is core-wasm's `uploadProblem`, checked before sending and on the server.
 */
export const UPLOAD_ACCEPT: Record<string, string> = {
  photo: '.jpg,.jpeg,.gif,.png',
  resumeFile: '.txt,.doc,.docx,.pdf',
  attachment: '.doc,.docx,.ppt,.txt,.pdf,.gif,.jpg,.jpeg,.png',
};
