import { ApiTimeoutError, type ApiRequest, type ApiTransport } from './transport';

/** A failed call: its status (0 when no answer came), body, and the message to show. */
export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  constructor(
    readonly status: number,
    readonly data: unknown,
    readonly timedOut = false,
  ) {
    super(firstErrorMessage(data) || `Request failed with status ${status}`);
  }
}

/**
 * docs/specification/shell.md §4: the message of a failed call is `detail`, or the first field's first
 * message, or the body itself when it is text.
 */
export function firstErrorMessage(data: unknown): string {
  if (typeof data === 'string') return data.slice(0, 300);
  if (typeof data !== 'object' || data === null) return '';
  const record = data as Record<string, unknown>;
  if (typeof record.detail === 'string') return record.detail;
  for (const value of Object.values(record)) {
    if (typeof value === 'string') return value;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  }
  return '';
}

/** The one API client: every endpoint function goes through `request`. */
export class ApiClient {
  constructor(
    private readonly transport: ApiTransport,
    /** docs/specification/shell.md §4: any failed call turns the progress line red and stores its message. */
    private readonly onFailure: (error: ApiRequestError, request: ApiRequest) => void = () => {},
  ) {}

  async request<T>(request: ApiRequest): Promise<T> {
    let response;
    try {
      response = await this.transport(request);
    } catch (error) {
      const failure = new ApiRequestError(0, error instanceof Error ? error.message : String(error), error instanceof ApiTimeoutError);
      this.onFailure(failure, request);
      throw failure;
    }
    if (response.status >= 400) {
      const failure = new ApiRequestError(response.status, response.data);
      this.onFailure(failure, request);
      throw failure;
    }
    return response.data as T;
  }
}
