// Islands of the return pages.
export { default as ReturnEvidence } from '../ReturnEvidence.tsx';
export { default as ReturnForm } from '../ReturnForm.tsx';
