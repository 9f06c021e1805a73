import { BelongsTo, Column, DataType, ForeignKey, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { User } from './User';

/**
 * A studio's connection to its approved e-invoicing platform (issue 32 §1): one per user. The
 * client secret is kept encrypted (lib/credentials-cipher.ts) and never presented.
 */
@Table({ tableName: 'platform_connections' })
export class PlatformConnection extends IdModel {
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false, unique: true })
  declare owner_id: string;

  /** The platform's API base (`https://api.example-pa.fr`). */
  @Column({ type: DataType.TEXT, allowNull: false })
  declare base_url: string;

  @Column({ type: DataType.STRING(200), allowNull: false })
  declare client_id: string;

  /** `v1.<iv>.<tag>.<ciphertext>`: AES-256-GCM under PA_CREDENTIALS_KEY. */
  @Column({ type: DataType.TEXT, allowNull: false })
  declare client_secret_encrypted: string;

  // Associations
  @BelongsTo(() => User, { foreignKey: 'owner_id' })
  declare owner?: User;
}
