/**
 * An OAuth protocol error (RFC 6749 section 5.2, RFC 7591 section 3.2.2, RFC 7009): answered as
 * `{"error", "error_description"}` with `cache-control: no-store`, never as the API's error body
 * (contract section 18). `status` is 400 but for invalid_client (401).
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'unsupported_response_type'
  | 'unsupported_token_type'
  | 'access_denied'
  | 'server_error';

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }

  get status(): number {
    return this.error === 'invalid_client' ? 401 : 400;
  }

  toBody(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}
