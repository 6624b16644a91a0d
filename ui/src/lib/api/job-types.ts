/**
 * The shapes the job site's calls share (docs/api.md, "The job site"), as the desktop and the touch site read them:
 * the server's, generated (answers.ts). `CompanyPicture`: a picture a company sent, as the server links it
 * (`/ajax/company/picture/{id}`); `CompanyPictures`: its public pictures, logo, photos and the video's cover
 * (the licence is never public).
 */
export type {
  CategoryGroup,
  CompanyCard,
  CompanyInfo,
  CompanyPicture,
  CompanyPictures,
  CompanyVideo,
  JobCard,
  JobPage,
  Label,
} from './answers';
