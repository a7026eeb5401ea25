/**
 * Returns' door (issue 20): evidence uploads (whole, or resumable for video), asking for a return
 * of shipped units with the evidence its reason needs, reading it with signed links to its
 * files, and the cron's clean-up of uploads no return took. Routes and the cron reach returns here.
 */

export { storeEvidence } from './uploads.ts';
export { abortMultipart, completeMultipart, multipartState, openMultipart, storePart } from './multipart.ts';
export { newRmaNumber, requestReturn, type ReturnRequest } from './create.ts';
export { evidenceObject, shopperReturn } from './read.ts';
export { cleanUpReturnUploads } from './cleanup.ts';
export { addReturnEvidence, MORE_EVIDENCE_MSG } from './evidence.ts';
export { returnOptions } from './options.ts';
export { evidenceFileResponse } from './evidence-response.ts';
/** The back office's side (issue 20): the queue, one return with all staff decide on, and the decisions. */
export { RETURN_QUEUE_PAGE_SIZE, returnQueue, staffEvidenceObject, staffReturn } from './staff-read.ts';
export {
  STAFF_RETURN_LIMITS,
  STAFF_RETURN_MSG,
  approveReturn,
  askForEvidence,
  markReturnReceived,
  rejectReturn,
} from './staff.ts';
export { refundReturn } from './staff-refund.ts';
export type * from './staff-types.ts';
