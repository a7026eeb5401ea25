/**
 * Returns' door (issue 20): evidence uploads (whole, or resumable for video), asking for a return
 * of shipped units with the evidence its reason needs (the request-return flow writes it), reading
 * it with signed links to its files, and the cron's clean-up of uploads no return took. The back
 * office's side is staff.ts.
 */

export { storeEvidence } from './uploads.ts';
export { abortMultipart, completeMultipart, multipartState, openMultipart, storePart } from './multipart.ts';
export {
  checkReturnRequest,
  newReturnRow,
  newRmaNumber,
  returnOfRequest,
  returnRefusal,
  tellShopperReturnRequested,
  type ReturnRequest,
} from './request.ts';
export { evidenceObject, orderOfReturn, shopperReturn } from './read.ts';
export { cleanUpReturnUploads } from './cleanup.ts';
export { addReturnEvidence, MORE_EVIDENCE_MSG } from './evidence.ts';
export { returnOptions } from './options.ts';
export { evidenceFileResponse } from './evidence-response.ts';
