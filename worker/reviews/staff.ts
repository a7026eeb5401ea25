/** Reviews' staff door (issue 19, the back office's moderation queue): publish, reject with a reason, flag. */

export {
  type AlongWith,
  alreadyModerated,
  flagReview,
  MODERATION_MSG,
  type ModerationChange,
  type ModerationDeps,
  type ModerationResult,
  publishReview,
  type QueuedReview,
  REJECT_NOTE_MAX,
  REJECT_REASONS,
  rejectReview,
  REVIEW_FLAGS,
  REVIEW_STATUSES,
  reviewQueue,
  type ReviewStatus,
} from './moderation.ts';
