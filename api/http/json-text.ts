/**
 * An answer already written as JSON (a list page built by PostgreSQL, db/queries/owned.ts#listOwnedJson):
 * route-kit sends its text as it is, with the headers res.json would set (Content-Type, ETag).
 */
export class JsonText {
  constructor(readonly text: string) {}
}
