import { isInternalAddress, isLoopbackAddress } from '#shared/http-client/internal-addresses';

/**
 * The IPv6 ranges that carry or stand for IPv4 addresses (docs/decisions/0037-outbound-requests.md): each written in the forms a resolver or a URL may hand over, compressed or not.
 */
describe('internal addresses: IPv6 that carries IPv4', () => {
  it.each([
    // ::/96, IPv4-compatible (deprecated, RFC 4291): internal whatever the IPv4 it carries.
    '::7f00:1',
    '::127.0.0.1',
    '::a00:1',
    '::808:808',
    '0:0:0:0:0:0:808:808',
    // ::ffff:0:0/96, IPv4-mapped: the IPv4 inside is internal.
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:a9fe:a9fe',
    '0000:0000:0000:0000:0000:FFFF:0A00:0001',
    '::ffff:0.0.0.0',
    // ::ffff:0:0:0/96, IPv4-translated (SIIT): never a public destination.
    '::ffff:0:7f00:1',
    '::ffff:0:808:808',
    // 64:ff9b:1::/48, local-use NAT64 (RFC 8215): the operator's own translator, whatever it carries.
    '64:ff9b:1::a00:1',
    '64:ff9b:1::808:808',
    '64:ff9b:1:ffff::1',
    // 64:ff9b::/96, well-known NAT64, carrying an internal IPv4 (in any spelling).
    '64:ff9b::7f00:1',
    '64:ff9b::127.0.0.1',
    '64:ff9b:0:0:0:0:7f00:1',
    '64:ff9b::0:a9fe:a9fe',
    '64:ff9b:0000:0000:0000:0000:0a00:0001',
    // Other special-purpose IPv6 (IANA): Teredo and the IETF block, site-local, SRv6, documentation.
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    'fec0::1',
    '5f00::1',
    '3fff::1',
  ])('%s is internal', (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each([
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '0:0:0:0:0:ffff:0808:0808',
    '64:ff9b::8.8.8.8',
    '64:ff9b::808:808',
    '64:ff9b:0:0:0:0:808:808',
    '2606:4700::1111',
    '2a00:1450:4007:80e::200e',
    '2001:4860:4860::8888',
  ])('%s is public', (address) => {
    expect(isInternalAddress(address)).toBe(false);
  });

  it('counts loopback only where it is loopback: mapped 127/8 yes, IPv4-compatible and NAT64 no', () => {
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('0:0:0:0:0:ffff:7f00:2')).toBe(true);
    expect(isLoopbackAddress('::127.0.0.1')).toBe(false);
    expect(isLoopbackAddress('64:ff9b::7f00:1')).toBe(false);
    expect(isLoopbackAddress('0.0.0.0')).toBe(false);
  });
});
