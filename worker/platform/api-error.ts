import { ERROR_CODE } from '../../shared/messages.ts';

/** The one error type for a failed API call; turned into the §7 envelope in one place. */
export class ApiError extends Error {
  readonly code: number;
  readonly httpCode: number;
  readonly data: unknown;

  constructor(code: number, httpCode: number, message: string, data: unknown = null) {
    super(message);
    this.code = code;
    this.httpCode = httpCode;
    this.data = data;
    this.name = 'ApiError';
  }

  static badRequest(message: string, data: unknown = null): ApiError {
    return new ApiError(ERROR_CODE.badRequest, 400, message, data);
  }

  static notFound(message: string): ApiError {
    return new ApiError(ERROR_CODE.notFound, 404, message);
  }
}

/** The JSON API's paths: its top-level folders, the public and signed order calls, and two files. */
const API_PATHS = [
  /^\/(?:infra|api|item|search|search-pro|promotion|account|data-service|customer)\//,
  /^\/order\/(?:public|signed)\//,
  /^\/(?:health|openapi\.json)$/,
];

/** Whether a path belongs to the JSON API rather than to a page. */
export function isApiPath(pathname: string): boolean {
  return API_PATHS.some((path) => path.test(pathname));
}
