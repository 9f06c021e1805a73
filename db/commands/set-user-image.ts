import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { type UserImageKind } from '../../domain/storage/prefixes';
import { FileObject } from '../models/FileObject';
import { Organization } from '../models/Organization';
import { User } from '../models/User';

export interface UserImageProps {
  /** Whose image it is: the member for an avatar, the studio for its logo. */
  holderId: string;
  /** Who uploads it (the file's `created_by`). */
  actorId: string;
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
 * Makes an uploaded object a member's current avatar or the studio's logo, in one transaction:
 * records its file_objects row (entity avatar/logo, attached to its holder), points
 * users.avatar_key or organizations.logo_key at it, and removes the previous image's row. The
 * holder's row is locked, so two uploads at once each see
 * the other's image as "previous" and nothing is left pointing nowhere. Returns the previous
 * key when it differs from the new one: the caller deletes that object after the commit.
 */
export async function setUserImage(
  sequelize: Sequelize,
  props: UserImageProps,
): Promise<{ previousKey: string | null }> {
  return sequelize.transaction(async (transaction) => {
    const lock = { transaction, lock: transaction.LOCK.UPDATE };
    const holder =
      props.kind === 'avatar'
        ? await User.findByPk(props.holderId, lock)
        : await Organization.findByPk(props.holderId, lock);
    if (!holder) throw new NotFoundError(props.kind === 'avatar' ? 'User' : 'Studio');
    await FileObject.create(
      {
        org_id: holder instanceof User ? holder.org_id : holder.id,
        bucket: props.bucket,
        key: props.key,
        content_type: props.contentType,
        size_bytes: String(props.sizeBytes),
        checksum: props.checksum,
        created_by: props.actorId,
        file_name: props.fileName,
        is_image: true,
        entity_type: props.kind,
        entity_id: holder.id,
      },
      { transaction },
    );
    const previous = holder instanceof User ? holder.avatar_key : holder.logo_key;
    if (holder instanceof User) await holder.update({ avatar_key: props.key }, { transaction });
    else await holder.update({ logo_key: props.key }, { transaction });
    if (!previous || previous === props.key) return { previousKey: null };
    await FileObject.destroy({ where: { bucket: props.bucket, key: previous }, transaction });
    return { previousKey: previous };
  });
}
