import { call } from '@/lib/api/call';
import type { AnswerOf } from '@/lib/api/answers';
import { upload } from '@/lib/upload';
import type { Company } from '@/components/recruit/api/types';

/** `/comcompany/get`: the member's company. */
export function getCompany(): Promise<Company> {
  return call('/comcompany/get');
}

/** `/comcompany/save` (owner): every field but `id`; answers the company. */
export function saveCompany(fields: Omit<Company, 'id' | 'pictures' | 'licence' | 'review'>): Promise<Company> {
  return call('/comcompany/save', { ...fields });
}

export type PictureKind = 'logo' | 'licence' | 'photo' | 'videoCover';

/** `/comcompany/uploadPicture` (owner, multipart): answers the company with its pictures. */
export function uploadPicture(kind: PictureKind, file: File): Promise<Company | undefined> {
  return upload<AnswerOf<'/comcompany/uploadPicture'>>('/comcompany/uploadPicture', { kind, file });
}

/** `/comcompany/removePicture` (owner): answers the company. */
export function removePicture(id: number): Promise<Company | undefined> {
  return call('/comcompany/removePicture', { id });
}
