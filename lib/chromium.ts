import { createRequire } from 'node:module';
import { ApplicationFailure } from '@temporalio/common';
import { type Logger } from 'pino';
import { PdfRendererUnavailableError } from '../domain/errors';
import { pdfRendererAvailable } from './pdf-renderer';
import type { Browser, PuppeteerNode } from 'puppeteer-core' with { 'resolution-mode': 'import' };

/**
 * puppeteer-core ships only as an ES module, which this CommonJS code base loads with Node's
 * require (Node 20.19+ loads ES modules that way). Jest's module loader cannot, so tests render
 * pdfs in a child process, as the worker does (test/helpers/render-export-child.ts).
 */
function loadPuppeteer(): PuppeteerNode {
  return (createRequire(__filename)('puppeteer-core') as { default: PuppeteerNode }).default;
}

export type { Browser };

/** The shared browser of a worker process: one Chromium, launched on first use, reused by every pdf. */
export interface Chromium {
  /** The running browser; launches it, or launches it again if it crashed or was closed. */
  browser(): Promise<Browser>;
  /** Closes the browser if one runs (worker shutdown). */
  close(): Promise<void>;
}

/**
 * One Chromium per worker process. Launching costs 0.5–0.9 s and ~100 MB, so it is done once, on
 * the first pdf (a worker that renders none never starts it), and again only when the previous
 * one died (a crash or an out-of-memory kill shows as a disconnect). Concurrent first callers share
 * one launch. As root, Chromium refuses to start without `--no-sandbox`.
 */
export function createChromium(options: { executablePath: string; logger?: Logger }): Chromium {
  let current: Promise<Browser> | undefined;
  let closing = false;

  const launch = async (): Promise<Browser> => {
    const asRoot = process.getuid?.() === 0;
    const browser = await loadPuppeteer().launch({
      executablePath: options.executablePath,
      headless: true,
      // The process's own shutdown closes the browser (workers/main.ts); left to Puppeteer, a
      // Ctrl-C would kill it and exit the process at once (code 130), cutting the workers' drain.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      args: [
        ...(asRoot ? ['--no-sandbox'] : []),
        // Containers give /dev/shm 64 MB by default; long tables need more than that.
        '--disable-dev-shm-usage',
        '--font-render-hinting=none',
      ],
    });
    browser.once('disconnected', () => {
      if (!closing)
        options.logger?.warn(
          { executablePath: options.executablePath },
          'Chromium went away; the next pdf launches it again',
        );
    });
    return browser;
  };

  return {
    async browser() {
      if (closing) throw new Error('Chromium is shutting down');
      // No executable: retrying cannot help, so the job fails for good (into the dead-letter queue)
      // with a reason that names CHROMIUM_PATH, instead of five attempts at a launch that cannot work.
      if (!pdfRendererAvailable(options.executablePath)) {
        const err = new PdfRendererUnavailableError(options.executablePath);
        throw ApplicationFailure.create({
          type: err.code,
          message: err.message,
          details: [err.details],
          nonRetryable: true,
        });
      }
      const running = current && (await current.catch(() => undefined));
      if (running?.connected) return running;
      current = launch();
      // A failed launch is not kept: the next call tries again.
      current.catch(() => {
        current = undefined;
      });
      return current;
    },
    async close() {
      closing = true;
      const running = current && (await current.catch(() => undefined));
      current = undefined;
      await running?.close().catch(() => undefined);
    },
  };
}
