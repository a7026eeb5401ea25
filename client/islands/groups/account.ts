// Islands of signing in, the account and the member pages.
export { default as AccountAddresses } from '../AccountAddresses.tsx';
export { default as AccountProfile } from '../AccountProfile.tsx';
export { default as CreateAccountForm } from '../CreateAccountForm.tsx';
export { default as LoginForm } from '../LoginForm.tsx';
export { default as MemberCoupons } from '../MemberCoupons.tsx';
export { default as MemberLevelCoupons } from '../MemberLevelCoupons.tsx';
export { default as MemberPointsLog } from '../MemberPointsLog.tsx';
export { default as RetrievePassword } from '../RetrievePassword.tsx';
export { default as SignUpResult } from '../SignUpResult.tsx';
