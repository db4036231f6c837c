package dev.clockwork.server.callback;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Optional;

/**
 * The addresses a callback must not reach unless an administrator names them: everything that is
 * not a public unicast address — loopback, private networks, link-local (where clouds serve their
 * instance metadata, 169.254.169.254), carrier-grade NAT, unique-local IPv6 (fd00:ec2::254 is a
 * metadata address too), multicast and the reserved blocks.
 */
final class AddressRanges {
  private AddressRanges() {}

  /** Which non-public range {@code address} is in, or empty when it is a public address. */
  static Optional<String> nonPublic(InetAddress address) {
    if (address.isLoopbackAddress()) {
      return Optional.of("a loopback address");
    }
    if (address.isAnyLocalAddress()) {
      return Optional.of("the unspecified address");
    }
    if (address.isLinkLocalAddress()) {
      return Optional.of("a link-local address (where cloud instance metadata is served)");
    }
    if (address.isSiteLocalAddress()) {
      return Optional.of("a private network address");
    }
    if (address.isMulticastAddress()) {
      return Optional.of("a multicast address");
    }
    byte[] b = address.getAddress();
    if (address instanceof Inet4Address) {
      int first = b[0] & 0xff;
      int second = b[1] & 0xff;
      if (first == 100 && second >= 64 && second <= 127) {
        return Optional.of("a carrier-grade NAT address (100.64.0.0/10)");
      }
      if (first == 0 || first >= 240 || first == 198 && (second == 18 || second == 19)) {
        return Optional.of("a reserved address");
      }
      if (first == 192 && second == 0 && (b[2] & 0xff) == 0) {
        return Optional.of("a reserved address (192.0.0.0/24)");
      }
    }
    if (address instanceof Inet6Address && (b[0] & 0xfe) == 0xfc) {
      return Optional.of("a unique-local IPv6 address (fc00::/7)");
    }
    return Optional.empty();
  }
}
