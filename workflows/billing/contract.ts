import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';

export interface DocumentPdfPayload extends Record<string, unknown> {
  kind: 'quote' | 'invoice';
  documentId: string;
  ownerId: string;
}

/** The pdf of a quote or invoice in object storage (a permanent prefix), by key. */
export interface DocumentPdf {
  key: string;
  filename: string;
}

/**
 * The pdf of one version of a quote or invoice. Key: kind, id and the document's updated_at, so
 * asking twice for the same version renders once, and a changed document renders anew.
 */
export const DOCUMENT_PDF_JOB = defineJob<DocumentPdfPayload>({
  jobName: 'billing.pdf',
  taskQueue: TASK_QUEUES.documents,
  workflowType: 'documentPdfWorkflow',
  workflowId: (version) => jobId('document-pdf', version),
  rerun: 'return-existing',
});

export interface DocumentPdfActivities {
  renderDocumentPdf(payload: DocumentPdfPayload): Promise<DocumentPdf>;
}
