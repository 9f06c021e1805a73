import { z } from 'zod';

/** A current avatar or logo: its key and a fresh time-limited link. */
export const UserImageView = z.object({
  key: z.string(),
  url: z.string(),
  expiration: z.number().int(),
});

export const UserProfileView = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  avatar: UserImageView.nullable(),
  logo: UserImageView.nullable(),
});

export const UploadedImageView = UserImageView.extend({
  content_type: z.string(),
  size_bytes: z.number().int(),
});
