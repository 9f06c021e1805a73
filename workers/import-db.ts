import { type Sequelize } from 'sequelize-typescript';
import { type ImportDb } from '../activities/imports/run-import';
import { writeImportLines } from '../db/commands/write-import-lines';
import { findImportCandidates, ownedIds, writtenLines } from '../db/queries/import-matches';
import { listNameableSessionTypes } from '../db/queries/session-types';
import { studioMemberEmails } from '../db/queries/session-assignments';
import { bindDb } from './bind-db';

/** The import's data access on the worker's pool (also used by bench:import). */
export function importDb(sequelize: Sequelize): ImportDb {
  return {
    ...bindDb(sequelize, {
      writtenLines,
      writeImportLines,
      findImportCandidates,
      ownedIds,
      listNameableSessionTypes,
      studioMemberEmails,
    }),
  };
}
