package dev.clockwork.server.callback;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jetty.util.Promise;
import org.eclipse.jetty.util.SocketAddressResolver;

/**
 * Resolves a callback's host for the HTTP client and hands it only the addresses it checked, so the
 * connection goes to an address that was checked (a name that resolves again to somewhere else
 * between a check and the connection changes nothing). A host with any address outside the public
 * ranges ({@link AddressRanges}) is refused as a whole unless the allow-list names that address
 * literally.
 */
final class CheckedResolver implements SocketAddressResolver {
  /** Name resolution: the system's, or a test's. */
  @FunctionalInterface
  interface Dns {
    InetAddress[] resolve(String host) throws UnknownHostException;
  }

  /** A host refused for what it resolves to. */
  static final class RefusedAddressException extends UnknownHostException {
    private static final long serialVersionUID = 1L;

    RefusedAddressException(String message) {
      super(message);
    }
  }

  private final AllowList allowList;
  private final Dns dns;

  CheckedResolver(AllowList allowList, Dns dns) {
    this.allowList = allowList;
    this.dns = dns;
  }

  @Override
  public void resolve(
      String host,
      int port,
      Map<String, Object> context,
      Promise<List<InetSocketAddress>> promise) {
    try {
      promise.succeeded(check(host, port));
    } catch (UnknownHostException e) {
      promise.failed(e);
    }
  }

  /** The addresses of {@code host} a callback may connect to, all of them checked. */
  List<InetSocketAddress> check(String host, int port) throws UnknownHostException {
    List<InetSocketAddress> checked = new ArrayList<>();
    for (InetAddress address : dns.resolve(host)) {
      Optional<String> range = AddressRanges.nonPublic(address);
      if (range.isPresent() && !allowList.namesAddress(address)) {
        String ip = address.getHostAddress();
        throw new RefusedAddressException(
            "callback host '"
                + host
                + "' resolves to "
                + ip
                + ", "
                + range.get()
                + "; callbacks go to public addresses only unless the allow-list names the"
                + " address itself (CallbackOptions.allowHost(\""
                + (ip.contains(":") ? "[" + ip + "]" : ip)
                + "\"))");
      }
      checked.add(new InetSocketAddress(address, port));
    }
    return checked;
  }
}
