import { ensureTimeSkippingServer } from '../../scripts/fetch-time-skipping-server';

/**
 * Unit project globalSetup: fetches the time-skipping test server before any test file starts,
 * so parallel workflow tests never race to fetch it (a one-time step of about 20 s per machine).
 */
export default function timeSkippingGlobalSetup(): void {
  ensureTimeSkippingServer((line) => process.stderr.write(`${line}\n`));
}
