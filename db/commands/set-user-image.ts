import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { type UserImageKind } from '../../domain/storage/prefixes';
import { FileObject } from '../models/FileObject';
import { User } from '../models/User';

export interface UserImageProps {
  userId: string;
  kind: UserImageKind;
  bucket: string;
  /** The new object, already stored. */
  key: string;
  contentType: string;
  sizeBytes: number;
  checksum: string;
  fileName: string | null;
}

/**
 * Makes an uploaded object the user's current avatar or logo, in one transaction: records its
 * file_objects row (entity avatar/logo, attached to the user), points users.<kind>_key at it,
 * and removes the previous image's row. The user row is locked, so two uploads at once each see
 * the other's image as "previous" and nothing is left pointing nowhere. Returns the previous
 * key when it differs from the new one: the caller deletes that object after the commit.
 */
export async function setUserImage(
  sequelize: Sequelize,
  props: UserImageProps,
): Promise<{ previousKey: string | null }> {
  const column = props.kind === 'avatar' ? 'avatar_key' : 'logo_key';
  return sequelize.transaction(async (transaction) => {
    const user = await User.findByPk(props.userId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!user) throw new NotFoundError('User');
    await FileObject.create(
      {
        org_id: user.org_id,
        bucket: props.bucket,
        key: props.key,
        content_type: props.contentType,
        size_bytes: String(props.sizeBytes),
        checksum: props.checksum,
        created_by: user.id,
        file_name: props.fileName,
        is_image: true,
        entity_type: props.kind,
        entity_id: user.id,
      },
      { transaction },
    );
    const previous = user[column];
    user.set(column, props.key);
    await user.save({ transaction });
    if (!previous || previous === props.key) return { previousKey: null };
    await FileObject.destroy({ where: { bucket: props.bucket, key: previous }, transaction });
    return { previousKey: previous };
  });
}
