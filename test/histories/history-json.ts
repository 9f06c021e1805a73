// Workflow histories to and from Temporal's JSON format (the format of `temporal workflow show
// --output json` and of the Web UI's download), for the recording script and the replay test.
//
// Why not @temporalio/common's historyToJSON/historyFromJSON: in this install they throw "type
// must be a Type". @temporalio/common and @temporalio/proto each hold their own copy of
// protobufjs 8 (the top level has protobufjs 7 for another package), and protojson checks the
// type with instanceof against its own copy. Loading protojson from the copy that built the proto
// types avoids that; once the lockfile dedupes protobufjs, the SDK's functions can replace these.
import { createRequire } from 'node:module';
import * as proto from '@temporalio/proto';
import { patchProtobufRoot } from '@temporalio/proto/lib/patch-protobuf-root';

type History = proto.temporal.api.history.v1.IHistory;

interface ProtoJson {
  toJson(type: unknown, message: unknown): unknown;
  fromJson(type: unknown, json: unknown, options?: { ignoreUnknownFields?: boolean }): unknown;
}

const requireBesideProto = createRequire(require.resolve('@temporalio/proto'));
const protojson = requireBesideProto('protobufjs/ext/protojson') as ProtoJson;
const historyType = (patchProtobufRoot(proto) as unknown as { lookupType(name: string): unknown }).lookupType(
  'temporal.api.history.v1.History',
);

/** A fetched history as indented JSON text, ready to be saved and diffed. */
export function historyToJsonText(history: History): string {
  return `${JSON.stringify(protojson.toJson(historyType, proto.temporal.api.history.v1.History.fromObject(history)), null, 2)}\n`;
}

/** A saved history, parsed back into the History message a replay worker takes. */
export function historyFromJsonText(text: string): History {
  // Unknown fields are ignored: a history saved from a newer server still replays.
  return protojson.fromJson(historyType, JSON.parse(text), { ignoreUnknownFields: true }) as History;
}
