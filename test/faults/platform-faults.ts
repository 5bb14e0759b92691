/**
 * Test-only platform fault injection (issue 18): one fault plan, two transports. The HTTP proxy
 * stands in front of the fake LinkedIn (the service's LINKEDIN_API_BASE_URL points at it); the
 * fetch wrapper sits in front of the PDS, whose address the Bluesky agent learns from the DID
 * document. Never imported by functions/, shared/, lib/ or local/.
 */
export {
  PLATFORM_FAULT_KINDS,
  faultSequence,
  type PlatformFaultCounts,
  type PlatformFaultEvent,
  type PlatformFaultKind,
  type PlatformFaultOptions,
  type PlatformFaults,
} from './platform-fault-plan';
export { startPlatformFaultProxy, type PlatformFaultProxy } from './platform-fault-proxy';
export { installFetchFaults, type FetchFaults } from './platform-fault-fetch';
