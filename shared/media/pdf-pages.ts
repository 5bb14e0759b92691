import { ParseSpeeds, PDFDocument } from 'pdf-lib';

/**
 * A PDF's page count, read by pdf-lib from the whole file (a page tree needs the cross-reference
 * table, at the file's end). Runs in the media worker only (sandbox/jobs.ts): a hostile PDF costs
 * at most the worker's heap cap and the job's time. Undefined when pdf-lib cannot read it as a PDF.
 */
export const PDF_MAGIC = '%PDF-';

export const hasPdfHeader = (head: Uint8Array): boolean => Buffer.from(head).subarray(0, 5).toString('latin1') === PDF_MAGIC;

export async function countPdfPages(bytes: Uint8Array): Promise<number | undefined> {
  if (!hasPdfHeader(bytes)) return undefined;
  try {
    const document = await PDFDocument.load(bytes, {
      // Only the page tree is read: an encrypted PDF still has a readable one, and LinkedIn judges the rest.
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
    const pages = document.getPageCount();
    return pages > 0 ? pages : undefined;
  } catch {
    return undefined;
  }
}
