import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import { type DocumentPdf, type DocumentPdfActivities, type DocumentPdfPayload } from './contract';

const { renderDocumentPdf, renderDocumentDocx, renderEInvoice } = proxyActivities<DocumentPdfActivities>({
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '2 seconds',
    maximumInterval: '30 seconds',
    maximumAttempts: 3,
    nonRetryableErrorTypes: ['document_not_found', 'validation_failed'],
  },
});

/** Renders a quote or invoice to pdf (or docx) in object storage (the job-run interceptor keeps job_runs). */
export async function documentPdfWorkflow(input: JobInput<DocumentPdfPayload>): Promise<DocumentPdf> {
  const { format } = input.payload;
  // The e-invoice formats (issue 22 §1) are new payloads: the histories of pdf and docx runs replay unchanged.
  if (format === 'facturx' || format === 'xml' || format === 'ubl') return renderEInvoice(input.payload);
  return format === 'docx' ? renderDocumentDocx(input.payload) : renderDocumentPdf(input.payload);
}
