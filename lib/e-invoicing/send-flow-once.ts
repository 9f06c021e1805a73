import { type Flow, type FlowInfo, type PlatformClient } from './platform-client';

/**
 * Sends a file to the studio's platform once per tracking id: a flow already carrying it (an earlier
 * attempt sent the file, then failed before recording the answer) is answered instead of a second
 * flow, with `found: true`. The file is made only when it must be sent.
 */
export async function sendFlowOnce(
  platform: Pick<PlatformClient, 'searchFlows' | 'sendFlow'>,
  info: FlowInfo,
  file: () => Buffer | Promise<Buffer>,
): Promise<{ flow: Flow; found: boolean }> {
  const found = (await platform.searchFlows({ trackingId: info.trackingId })).find(
    (f) => f.trackingId === info.trackingId,
  );
  if (found) return { flow: found, found: true };
  return { flow: await platform.sendFlow(await file(), info), found: false };
}
