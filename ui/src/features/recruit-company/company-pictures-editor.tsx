import { App, Button, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answered } from '@/lib/call-errors';
import { companyUploadProblem } from '@/lib/core/rules';
import { thumbnailUrl } from '@/lib/picture-url';
import { isRepeatRefusal } from '@/lib/request-error';
import type { CompanyPicture } from '@/components/company/company-pictures';
import type { Company } from '@/components/recruit/api/types';
import { errorKey } from '@/components/recruit/errors';
import { removePicture, uploadPicture, type PictureKind } from './api/company';

/** A picture's problem, found by core-wasm in the browser or answered by the server, as the page's words. */
const PROBLEM_KEY: Record<string, string> = {
  'company.upload.format': 'recruit.pictures.format',
  'company.upload.size': 'recruit.pictures.tooBig',
  'company.upload.count': 'recruit.pictures.count',
  FILE_FORMAT: 'recruit.pictures.format',
  FILE_TOO_BIG: 'recruit.pictures.tooBig',
  FILE_COUNT: 'recruit.pictures.count',
};

/** The words for a failed upload: the pictures' own for their codes, the site's for the rest. */
function pictureErrorKey(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && PROBLEM_KEY[code]) || errorKey(error);
}

interface Props {
  company: Company;
  /** The owner edits; others see the pictures. */
  editable: boolean;
  onChange: (company: Company) => void;
}

/**
 * /recruit/company's pictures: the logo, the business licence (private: for the site's verification),
 * up to nine photos and the video's cover. A file is checked in the browser by core-wasm's rules
 * before it is sent, and again by the server, which keeps a re-encoded copy.
 */
export function CompanyPicturesEditor({ company, editable, onChange }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<PictureKind | number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const pending = useRef<PictureKind>('logo');
  const pictures = company.pictures ?? { logo: null, photos: [], videoCover: null };

  const choose = (kind: PictureKind) => {
    pending.current = kind;
    setError(null);
    input.current?.click();
  };

  const send = async (file: File) => {
    const kind = pending.current;
    const existing = kind === 'photo' ? pictures.photos.length : 0;
    const problem = companyUploadProblem(kind, file.name, file.size, existing);
    if (problem) {
      setError(t(PROBLEM_KEY[problem] ?? 'recruit.pictures.format'));
      return;
    }
    setBusy(kind);
    try {
      onChange(answered(await uploadPicture(kind, file)));
      message.success(t('recruit.pictures.uploaded'));
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(t(pictureErrorKey(e)));
    } finally {
      setBusy(null);
    }
  };

  const remove = async (p: CompanyPicture) => {
    setBusy(p.id);
    setError(null);
    try {
      onChange(answered(await removePicture(p.id)));
      message.success(t('recruit.pictures.removed'));
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(t(errorKey(e)));
    } finally {
      setBusy(null);
    }
  };

  const single = (kind: PictureKind, label: string, hint: string, picture: CompanyPicture | null | undefined, testid: string) => (
    <div className="rc-picture-slot" data-testid={testid}>
      <div className="rc-picture-frame">
        {picture ? <img src={kind === 'licence' ? picture.url : thumbnailUrl(picture.url, 96)} alt={label} /> : <span className="rc-muted">{t('recruit.pictures.none')}</span>}
      </div>
      <div className="rc-picture-text">
        <strong>{label}</strong>
        <span className="rc-muted">{hint}</span>
        {editable && (
          <Button size="small" onClick={() => choose(kind)} loading={busy === kind} data-testid={`${testid}-upload`}>
            {picture ? t('recruit.pictures.replace') : t('recruit.pictures.upload')}
          </Button>
        )}
      </div>
    </div>
  );

  return (
    <section className="rc-card rc-form-card rc-pictures" aria-labelledby="rc-pictures-title" data-testid="company-pictures">
      <h2 id="rc-pictures-title" className="rc-section-title">
        {t('recruit.pictures.title')}
      </h2>
      <p className="rc-muted">{t('recruit.pictures.hint')}</p>
      {error && (
        <div className="rc-picture-error" role="alert" data-testid="picture-error">
          {error}
        </div>
      )}
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/gif"
        hidden
        aria-hidden
        tabIndex={-1}
        data-testid="picture-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void send(file);
        }}
      />
      <div className="rc-picture-row">
        {single('logo', t('recruit.pictures.logo'), t('recruit.pictures.logoHint'), pictures.logo, 'picture-logo')}
        {single('videoCover', t('recruit.pictures.videoCover'), t('recruit.pictures.videoCoverHint'), pictures.videoCover, 'picture-cover')}
        {editable && (
          <div className="rc-picture-slot" data-testid="picture-licence">
            <div className="rc-picture-text">
              <strong>{t('recruit.pictures.licence')}</strong>
              <span className="rc-muted">{t('recruit.pictures.licenceHint')}</span>
              {company.licence && (
                <Typography.Link href={company.licence.url} target="_blank" rel="noopener noreferrer" data-testid="licence-link">
                  {t('recruit.pictures.licenceView')}
                </Typography.Link>
              )}
              <Button size="small" onClick={() => choose('licence')} loading={busy === 'licence'} data-testid="picture-licence-upload">
                {company.licence ? t('recruit.pictures.replace') : t('recruit.pictures.upload')}
              </Button>
            </div>
          </div>
        )}
      </div>
      <h3 className="rc-picture-subtitle">{t('recruit.pictures.photos')}</h3>
      <p className="rc-muted">{t('recruit.pictures.photosHint')}</p>
      <ul className="rc-photo-grid" data-testid="picture-photos">
        {pictures.photos.map((p, i) => (
          <li key={p.id}>
            <img src={thumbnailUrl(p.url, 120)} alt={t('recruit.pictures.photo', { n: i + 1 })} />
            {editable && (
              <Button size="small" danger onClick={() => void remove(p)} loading={busy === p.id}>
                {t('recruit.pictures.remove')}
                <span className="rc-visually-hidden"> {t('recruit.pictures.photo', { n: i + 1 })}</span>
              </Button>
            )}
          </li>
        ))}
        {editable && pictures.photos.length < 9 && (
          <li>
            <Button className="rc-photo-add" onClick={() => choose('photo')} loading={busy === 'photo'} data-testid="picture-photo-add">
              + {t('recruit.pictures.add')}
            </Button>
          </li>
        )}
      </ul>
    </section>
  );
}
