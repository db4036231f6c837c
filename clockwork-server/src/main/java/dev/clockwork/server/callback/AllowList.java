package dev.clockwork.server.callback;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The hosts callbacks may be sent to. An entry is a host name ({@code hooks.example.com}), a
 * wildcard over a domain's sub-domains ({@code *.example.com}: {@code a.example.com}, not {@code
 * example.com}) or a literal IP address ({@code 127.0.0.1}, {@code [::1]}), optionally with a port
 * ({@code :8443}); without one, only the scheme's default port is allowed. A literal IP is allowed
 * only when listed as such: wildcards match host names only.
 */
final class AllowList {
  private static final Pattern NAME =
      Pattern.compile("[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*");
  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

  /**
   * @param literal the address a literal IP entry names; null for host names and wildcards
   */
  private record Entry(String host, boolean wildcard, int port, InetAddress literal) {
    boolean matches(String urlHost, int urlPort, int defaultPort) {
      boolean portOk = port < 0 ? urlPort == defaultPort : urlPort == port;
      boolean hostOk =
          wildcard ? !isLiteralIp(urlHost) && urlHost.endsWith("." + host) : urlHost.equals(host);
      return portOk && hostOk;
    }
  }

  private final List<Entry> entries;
  private final List<String> spelled;

  private AllowList(List<Entry> entries, List<String> spelled) {
    this.entries = List.copyOf(entries);
    this.spelled = List.copyOf(spelled);
  }

  /**
   * Parses {@code spelled} entries.
   *
   * @throws IllegalArgumentException naming the first entry that is not a host, a wildcard or an IP
   *     address with an optional port
   */
  static AllowList of(List<String> spelled) {
    List<Entry> entries = new ArrayList<>();
    for (String raw : spelled) {
      entries.add(parse(raw));
    }
    return new AllowList(entries, spelled);
  }

  private static Entry parse(String raw) {
    String entry = raw == null ? "" : raw.trim().toLowerCase(Locale.ROOT);
    int port = -1;
    int colon = entry.lastIndexOf(':');
    if (colon > 0 && entry.indexOf(']') < colon) {
      port = port(raw, entry.substring(colon + 1));
      entry = entry.substring(0, colon);
    }
    boolean wildcard = entry.startsWith("*.");
    String host = wildcard ? entry.substring(2) : entry;
    boolean ip = IPV4.matcher(host).matches() || host.startsWith("[") && host.endsWith("]");
    boolean name = NAME.matcher(host).matches() && host.chars().anyMatch(Character::isLetter);
    if (wildcard ? !name : !(ip || name)) {
      throw new IllegalArgumentException(
          "callback allow-list entry '"
              + raw
              + "' is not a host name ('hooks.example.com'), a wildcard over a domain"
              + " ('*.example.com') or an IP address ('127.0.0.1'), with an optional ':port'");
    }
    return new Entry(host, wildcard, port, ip ? literal(raw, host) : null);
  }

  /** The address of a literal IP entry, read without asking any name server. */
  private static InetAddress literal(String raw, String host) {
    try {
      if (host.startsWith("[")) {
        return InetAddress.getByName(host); // bracketed: parsed as an IPv6 literal, never looked up
      }
      byte[] octets = new byte[4];
      String[] parts = host.split("\\.");
      for (int i = 0; i < 4; i++) {
        int octet = Integer.parseInt(parts[i]);
        if (octet > 255) {
          throw new UnknownHostException(parts[i]);
        }
        octets[i] = (byte) octet;
      }
      return InetAddress.getByAddress(octets);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(
          "callback allow-list entry '" + raw + "' is not a valid IP address");
    }
  }

  private static int port(String raw, String digits) {
    try {
      int port = Integer.parseInt(digits);
      if (port >= 1 && port <= 65535) {
        return port;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        "callback allow-list entry '"
            + raw
            + "' has a port that is not 1 to 65535: '"
            + digits
            + "'");
  }

  /** Whether {@code url}'s host and port are on the list (its scheme is checked elsewhere). */
  boolean allows(URI url) {
    String host = url.getHost().toLowerCase(Locale.ROOT);
    int defaultPort = "https".equalsIgnoreCase(url.getScheme()) ? 443 : 80;
    int port = url.getPort() < 0 ? defaultPort : url.getPort();
    return entries.stream().anyMatch(entry -> entry.matches(host, port, defaultPort));
  }

  /** Why {@code url} may not be called, or empty when it may. */
  Optional<String> refusal(URI url) {
    if (allows(url)) {
      return Optional.empty();
    }
    String where = url.getHost() + (url.getPort() < 0 ? "" : ":" + url.getPort());
    return Optional.of(
        "callback host '"
            + where
            + "' is not on the callback allow-list ["
            + String.join(", ", spelled)
            + "]; an administrator adds it with CallbackOptions.allowHost(\""
            + where
            + "\")");
  }

  /** Whether an entry is {@code address} itself, a literal IP (on any of its ports). */
  boolean namesAddress(InetAddress address) {
    return entries.stream().anyMatch(entry -> address.equals(entry.literal()));
  }

  /** The entries as they were given. */
  List<String> entries() {
    return spelled;
  }

  private static boolean isLiteralIp(String host) {
    return IPV4.matcher(host).matches() || host.startsWith("[");
  }
}
