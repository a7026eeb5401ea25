/**
 * Promotions' staff door (issue 19, the back office's promotions pages): the list and one promotion,
 * creating and editing them (audited), code batches, and a preview of what a sample cart would get.
 */

export {
  BASICS_FIELDS,
  editPromotion,
  PROMOTION_EDIT_MSG,
  PROMOTION_NAME_MAX,
  PROMOTION_STATUSES,
  promotionDetail,
  promotionList,
  setPromotionPaused,
  type AdminPromotion,
  type AuditedChange,
  type BasicsField,
  type BasicsForm,
  type PromotionChange,
  type PromotionStatus,
} from './admin.ts';
export {
  CREATE_FIELDS,
  createPromotion,
  PROMOTION_CREATE_MSG,
  type CreateField,
  type CreateForm,
  type CreateResult,
} from './admin-create.ts';
export { PREVIEW_MSG, previewPromotion, type PreviewResult } from './admin-preview.ts';
export {
  BATCH_MAX,
  BATCH_MSG,
  codeBatchCsv,
  codeBatchSummary,
  generateCodeBatch,
  type BatchResult,
} from './admin-batches.ts';
