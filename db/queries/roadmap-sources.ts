import { type Sequelize } from 'sequelize-typescript';
import { Contact } from '../models/Contact';
import { Session } from '../models/Session';
import { UserCompany } from '../models/UserCompany';
import { type ContactRow, type Row, type SessionRow } from '../rows';
import { findStudio, type Studio } from './studios';

/** What a session's roadmap is made from: the session, its owner, the owner's company and the client. */
export interface RoadmapSources {
  session: SessionRow;
  owner: Studio;
  company: Row<UserCompany> | null;
  contact: ContactRow | null;
}

/** The sources of one of the owner's sessions' roadmap, or null when the session is not (or no longer) the owner's. */
export async function loadRoadmapSources(
  sequelize: Sequelize,
  ownerId: string,
  sessionId: string,
): Promise<RoadmapSources | null> {
  const session = await Session.findOne({ where: { id: sessionId, owner_id: ownerId } });
  if (!session) return null;
  const [owner, company, contact] = await Promise.all([
    findStudio(sequelize, ownerId),
    UserCompany.findOne({ where: { user_id: ownerId } }),
    session.contact_id ? Contact.findOne({ where: { id: session.contact_id, owner_id: ownerId } }) : null,
  ]);
  return { session, owner, company, contact };
}
