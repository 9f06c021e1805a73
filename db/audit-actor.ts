/**
 * Who the audit log names as having acted (issue 44): the member of the current request when the
 * api told us how to know it (api/app.ts: lib/log-context.ts#actingPerson), else the studio itself
 * (a job, a schedule, a script). db/ reads no request context of its own: the api hands it over.
 */
let actingPerson: () => string | undefined = () => undefined;

/** Set once by the api at start. */
export function readActingPersonFrom(source: () => string | undefined): void {
  actingPerson = source;
}

/** The actor of a change the studio's commands write as the studio's own act. */
export function auditActor(studioId: string): string {
  return actingPerson() ?? studioId;
}
