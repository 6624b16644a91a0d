import { request } from '@/lib/core';
import { upload } from '@/lib/upload';
import type { Company } from '@/components/recruit/api/types';

/** `/comcompany/get`: the member's company. */
export function getCompany(): Promise<Company> {
  return request<Company>('/comcompany/get');
}

/** `/comcompany/save` (owner): every field but `id`. */
export function saveCompany(fields: Omit<Company, 'id' | 'pictures' | 'licence' | 'review'>): Promise<unknown> {
  return request('/comcompany/save', { ...fields });
}

export type PictureKind = 'logo' | 'licence' | 'photo' | 'videoCover';

/** `/comcompany/uploadPicture` (owner, multipart): answers the company with its pictures. */
export function uploadPicture(kind: PictureKind, file: File): Promise<Company | undefined> {
  return upload<Company>('/comcompany/uploadPicture', { kind, file });
}

/** `/comcompany/removePicture` (owner): answers the company. */
export function removePicture(id: number): Promise<Company | undefined> {
  return request<Company>('/comcompany/removePicture', { id });
}
