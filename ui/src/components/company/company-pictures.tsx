import './company-pictures.css';

import type { CompanyPictures, CompanyVideo } from '@/lib/api/job-types';
import { thumbnailUrl } from '@/lib/picture-url';

/** The pictures' shapes are the job site calls' (lib/api); the recruiter's editor reads them from here. */
export type { CompanyPicture, CompanyPictures } from '@/lib/api/job-types';

interface LogoProps {
  company: { name: string; shortName: string; pictures?: CompanyPictures | null };
  /** Its class: the page's own size and shape (`company-logo`, `company-logo company-logo-large`, …). */
  className: string;
  /** The drawn size in CSS pixels (the picture is fitted inside). */
  size: number;
}

/**
 * A company's logo: its picture when it sent one, else the first two characters of its name on the
 * brand colour. Decorative (the name is always written beside it), so it is hidden from screen readers.
 */
export function CompanyLogo({ company, className, size }: LogoProps) {
  const logo = company.pictures?.logo;
  if (logo) return <img className={`${className} company-logo-picture`} src={thumbnailUrl(logo.url, size)} alt="" width={size} height={size} loading="lazy" decoding="async" />;
  return (
    <span className={className} aria-hidden>
      {(company.shortName || company.name).slice(0, 2)}
    </span>
  );
}

interface GalleryProps {
  pictures?: CompanyPictures | null;
  video?: CompanyVideo | null;
  /** Headings and the link's words, in the page's language. */
  labels: { photos: string; video: string; photo: (n: number) => string; watch: string };
  /** The class of each block (the page's card). */
  blockClassName: string;
  headingClassName: string;
}

/**
 * The company's photos and video, as its page shows them: photos as thumbnails, which open full size; the video is a
 * link to where the company keeps it (a site of its choosing), with its cover.
 */
export function CompanyGallery({ pictures, video, labels, blockClassName, headingClassName }: GalleryProps) {
  const photos = pictures?.photos ?? [];
  return (
    <>
      {photos.length > 0 && (
        <section className={blockClassName} data-testid="company-photos">
          <h2 className={headingClassName}>{labels.photos}</h2>
          <ul className="company-photos">
            {photos.map((p, i) => (
              <li key={p.id}>
                <a href={p.url} target="_blank" rel="noopener noreferrer">
                  <img src={thumbnailUrl(p.url, 120)} alt={labels.photo(i + 1)} loading="lazy" decoding="async" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {video && (
        <section className={blockClassName} data-testid="company-video">
          <h2 className={headingClassName}>{labels.video}</h2>
          <a className="company-video" href={video.url} target="_blank" rel="noopener noreferrer nofollow ugc">
            {pictures?.videoCover && <img src={pictures.videoCover.url} alt="" loading="lazy" decoding="async" />}
            <span className="company-video-title">
              {video.title || labels.watch} <span aria-hidden>↗</span>
            </span>
          </a>
        </section>
      )}
    </>
  );
}
