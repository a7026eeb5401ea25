import type {
  AddressBody,
  AddressIdQuery,
  ChangeEmailBody,
  EmailBody,
  IdAnswer,
  LoginBody,
  LogoutBody,
  MessageAnswer,
  PasswordBody,
  ProfileBody,
  RegisterBody,
  RegisterNoPasswordBody,
  ResetPasswordBody,
  SavedAddress,
  Session,
  TokenBody,
  UserData,
} from './api/accounts.ts';
import type {
  MemberLevelAnswer,
  MemberPointsAnswer,
  PointsLogAnswer,
  PointsLogQuery,
  PointsReminderAnswer,
} from './api/members.ts';
import type {
  AddEvidenceBody,
  CreateReturnBody,
  MultipartAnswer,
  MultipartBody,
  MultipartCreateBody,
  PartQuery,
  ReturnAnswer,
  ReturnOptionsAnswer,
  ReturnOptionsQuery,
  ReturnQuery,
  UploadAnswer,
} from './api/returns.ts';
import type { BuyNowAnswer, BuyNowBody, CartAddBody, CartQuery, CartUpdateBody } from './api/cart.ts';
import type { ProductCard, RecommendSceneBody, ViewedBatchBody, ViewedEntry } from './api/catalog.ts';
import type {
  CheckoutQuote,
  LockPointsBody,
  PlaceOrderBody,
  PlacedOrder,
  QuoteBody,
  UnlockPointsBody,
} from './api/checkout.ts';
import type {
  GarageEditBody,
  GarageIdAnswer,
  GarageIdQuery,
  GaragePushBody,
  GarageVehicleBody,
  ServerGarageVehicle,
} from './api/garage.ts';
import type { SubscribeAnswer, SubscribeBody, UnsubscribeBody } from './api/newsletter.ts';
import type { CancelledOrder, CancelOrderBody } from './api/orders.ts';
import type { OrderOwnerQuery, PaidResult, PayBody, PaymentResult } from './api/payments.ts';
import type { ApplyCodeBody } from './api/promotions.ts';
import type { CreatedReview, ReviewDraftBody } from './api/reviews.ts';
import type { SuggestQuery, Suggestion } from './api/search.ts';
import type { PostalCode, VerifyPostCodeBody } from './api/shipping.ts';
import type { Accepted, LogsBody, MarketingBody, TrackBody } from './api/tracking.ts';
import type {
  CardFit,
  FitAnswer,
  FitListQuery,
  FitQuery,
  VehicleOption,
  VehicleOptionsQuery,
  VinAnswer,
  VinQuery,
} from './api/vehicles.ts';
import type { CartAnswer } from './cart.ts';
import type {
  ChatConfig,
  ChatContextBody,
  EndChatBody,
  HistoryAnswer,
  StartChatAnswer,
  StartChatBody,
  TicketAnswer,
  TicketBody,
  TokenQuery,
  TranscriptBody,
} from './api/chat.ts';

/**
 * The shop's API calls the browser makes (§7), each written once: the Worker declares its endpoint with the
 * method and path from here, and the browser calls it through `api.call(API.x, input)`, typed with what it
 * sends and what it answers. Types only come from the zod contracts in shared/api/, so this table carries no
 * zod into the browser bundle.
 */

export type ApiMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

declare const io: unique symbol;

/** One call: its method, its path (Hono syntax, `:name` for a parameter) and, as types only, input and answer. */
export interface ApiCall<Req = unknown, Res = unknown> {
  readonly method: ApiMethod;
  readonly path: string;
  /** Never set: carries the input (query of a GET or DELETE, else the body) and the answer's data for the compiler. */
  readonly [io]?: { request: Req; answer: Res };
}

/** A query value as the client sends it: arrays are comma-joined (§7). */
type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;
/** A query as the browser sends it: the contract's keys, each a value that serialises to its text. */
export type QueryOf<T> = { [K in keyof T]: QueryValue };

/** Declares a call; Req is what it sends (undefined: nothing), Res the data of its answer. */
function call<Req = undefined, Res = null>(method: ApiMethod, path: string): ApiCall<Req, Res> {
  return { method, path };
}

export const API = {
  // Accounts (§4 Login, Register, My account)
  login: call<LoginBody, Session>('post', '/account/public/buyer/login'),
  register: call<RegisterBody, MessageAnswer>('post', '/account/public/buyer/register'),
  registerNoPassword: call<RegisterNoPasswordBody, MessageAnswer>('post', '/account/public/buyer/register/no-password'),
  emailVerify: call<TokenBody, Session>('post', '/account/public/buyer/email-verify'),
  forgotPasswordInit: call<EmailBody, MessageAnswer>('put', '/account/public/buyer/forget-password/init'),
  forgotPasswordReset: call<ResetPasswordBody, Session>('put', '/account/public/buyer/forget-password/reset'),
  logout: call<LogoutBody, null>('post', '/account/public/buyer/logout'),
  currentUser: call<undefined, UserData>('get', '/account/buyer/account/current'),
  profileUpdate: call<ProfileBody, UserData>('put', '/account/buyer/account/current'),
  passwordChange: call<PasswordBody, Session>('put', '/account/buyer/account/password'),
  emailChangeInit: call<ChangeEmailBody, MessageAnswer>('put', '/account/buyer/account/change-email-init'),
  emailChangeFinish: call<TokenBody, Session>('put', '/account/buyer/account/change-email-finish'),
  addressList: call<undefined, SavedAddress[]>('get', '/account/buyer/current/address/list'),
  addressAdd: call<AddressBody, IdAnswer>('post', '/account/buyer/current/address'),
  addressUpdate: call<AddressBody & { id: number }, null>('put', '/account/buyer/current/address'),
  addressDelete: call<QueryOf<AddressIdQuery>, null>('delete', '/account/buyer/current/address'),
  // Member points and levels (§7 Account, issue 21)
  memberPoints: call<undefined, MemberPointsAnswer>('get', '/account/buyer/member-points'),
  memberPointsLog: call<QueryOf<PointsLogQuery>, PointsLogAnswer>('get', '/account/buyer/member-points-log/list'),
  memberPointsReminder: call<undefined, PointsReminderAnswer>('get', '/account/buyer/member-points/reminder'),
  memberLevel: call<undefined, MemberLevelAnswer>('get', '/account/buyer/member-level'),
  /** Claims a free coupon (a member level's, issue 21) into the wallet: the answer is the coupon as held now. */
  couponClaim: call<
    { promotionId: number },
    { promotionId: number; memberCouponId: number; state: 'AVAILABLE' | 'NOT_STARTED' }
  >('post', '/promotion/public/promotion/claim'),
  // Newsletter (§7 Other calls)
  subscribe: call<SubscribeBody, SubscribeAnswer>('post', '/account/public/buyer/subscribe'),
  unsubscribe: call<UnsubscribeBody, null>('post', '/account/public/buyer/unsubscribe'),
  // Garage (§4)
  garageList: call<undefined, ServerGarageVehicle[]>('get', '/account/buyer/current/garage-vehicle/list'),
  garageAdd: call<GarageVehicleBody, GarageIdAnswer>('post', '/account/buyer/current/garage-vehicle'),
  garageEdit: call<GarageEditBody, GarageIdAnswer>('put', '/account/buyer/current/garage-vehicle'),
  garageRemove: call<QueryOf<GarageIdQuery>, null>('delete', '/account/buyer/current/garage-vehicle'),
  garageClear: call<undefined, null>('delete', '/account/buyer/current/garage-vehicle/all'),
  garagePush: call<GaragePushBody, ServerGarageVehicle[]>('post', '/account/public/buyer/garage-vehicle'),
  // Vehicles and fitment (§3, §4)
  vehicleOptions: call<QueryOf<VehicleOptionsQuery>, VehicleOption[]>('get', '/item/public/attr/value/child/car-model'),
  vinDecode: call<QueryOf<VinQuery>, VinAnswer>('get', '/item/public/buyer/car-model/vin'),
  fitmentMatch: call<QueryOf<FitQuery>, FitAnswer | null>('get', '/item/public/buyer/car-model/universal/match'),
  fitmentMatchList: call<QueryOf<FitListQuery>, CardFit[]>('get', '/item/public/buyer/car-model/universal/match-list'),
  // Search and items (§7)
  searchSuggest: call<QueryOf<SuggestQuery>, Suggestion[]>('get', '/item/public/buyer/associative/top-search-box'),
  recommendScene: call<RecommendSceneBody, ProductCard[]>('post', '/search-pro/public/recommend/scene/items'),
  recentlyViewedAdd: call<undefined, null>('post', '/item/recommend/personal-scan-item/:id'),
  recentlyViewedMerge: call<ViewedBatchBody, ViewedEntry[]>('post', '/item/recommend/personal-scan-item/batch'),
  reviewAdd: call<ReviewDraftBody, CreatedReview>('post', '/item/public/buyer/review'),
  // Cart and promotions (§4 Cart, §7 Promotion)
  cartGet: call<QueryOf<CartQuery>, CartAnswer>('get', '/order/public/buyer/cart/v2'),
  cartAdd: call<CartAddBody, CartAnswer>('post', '/order/public/buyer/cart/v2'),
  cartUpdate: call<CartUpdateBody, CartAnswer>('put', '/order/public/buyer/cart/v2'),
  buyNow: call<BuyNowBody, BuyNowAnswer>('post', '/order/public/buyer/buy-now/order'),
  promotionApply: call<ApplyCodeBody, CartAnswer>('post', '/order/public/promotion/v2/apply'),
  // Checkout, payment and orders (§7 Orders and payment)
  postCodeVerify: call<VerifyPostCodeBody, PostalCode>('post', '/infra/public/buyer/area-dict/verify/post-code'),
  visitorPostCode: call<undefined, PostalCode | null>('get', '/infra/public/ip/:ip/zipcode'),
  checkoutQuote: call<QuoteBody, CheckoutQuote>('post', '/order/public/buyer/checkout/quote'),
  pointsLock: call<LockPointsBody, CheckoutQuote>('post', '/order/public/buyer/lock/integral'),
  pointsUnlock: call<UnlockPointsBody, CheckoutQuote>('post', '/order/public/buyer/unlock/integral'),
  orderPlace: call<PlaceOrderBody, PlacedOrder>('post', '/order/public/buyer/order/place'),
  pay: call<PayBody, PaymentResult>('post', '/order/public/payment/'),
  /** Back from the wallet's approval window: the approved payment is captured (once). */
  payReturn: call<OrderOwnerQuery, PaymentResult | null>('post', '/order/public/payment/return'),
  paidResult: call<QueryOf<OrderOwnerQuery>, PaidResult>('get', '/order/public/buyer/order/paid/result'),
  orderCancel: call<CancelOrderBody, CancelledOrder>('post', '/order/public/requisition/order/cancel'),
  orderRemove: call<undefined, null>('delete', '/order/signed/order/:orderId'),
  // Returns (§1, §3 Return reasons and required evidence; the file bytes go to /return-evidence)
  returnOptions: call<QueryOf<ReturnOptionsQuery>, ReturnOptionsAnswer>('get', '/order/public/returns/options'),
  returnCreate: call<CreateReturnBody, ReturnAnswer>('post', '/order/public/returns'),
  returnRead: call<QueryOf<ReturnQuery>, ReturnAnswer>('get', '/order/public/returns/:rma'),
  returnEvidenceAdd: call<AddEvidenceBody, ReturnAnswer>('post', '/order/public/returns/:rma/evidence'),
  multipartOpen: call<MultipartCreateBody, MultipartAnswer>('post', '/order/public/returns/uploads/multipart'),
  multipartParts: call<QueryOf<PartQuery>, MultipartAnswer>('get', '/order/public/returns/uploads/multipart/:uploadId'),
  multipartComplete: call<MultipartBody, UploadAnswer>('post', '/order/public/returns/uploads/multipart/complete'),
  multipartAbort: call<MultipartBody, null>('post', '/order/public/returns/uploads/multipart/abort'),
  // What the browser reports (§7 Tracking, §8)
  track: call<TrackBody, Accepted>('post', '/data-service/public/event/track'),
  conversion: call<MarketingBody, Accepted>('post', '/data-service/public/buyer/marketing/conversion'),
  marketingPageLoad: call<MarketingBody, Accepted>('post', '/data-service/public/buyer/marketing/page-load'),
  logs: call<LogsBody, { accepted: number }>('post', '/api/public/logs'),
  // Live chat and the help desk (§1, §7 Infrastructure, issue 24)
  chatConfig: call<undefined, ChatConfig>('get', '/customer/public/online-customer/config'),
  chatStart: call<StartChatBody, StartChatAnswer>('post', '/customer/public/online-customer/conversation'),
  chatHistory: call<QueryOf<TokenQuery>, HistoryAnswer>('get', '/customer/public/online-customer/conversation'),
  chatEnd: call<EndChatBody, HistoryAnswer>('post', '/customer/public/online-customer/conversation/end'),
  chatTranscript: call<TranscriptBody, null>('post', '/customer/public/online-customer/conversation/transcript'),
  chatContext: call<ChatContextBody, null>('post', '/customer/public/online-customer/conversation/context'),
  ticketCreate: call<TicketBody, TicketAnswer>('post', '/customer/public/online-customer/ticket'),
} as const;
