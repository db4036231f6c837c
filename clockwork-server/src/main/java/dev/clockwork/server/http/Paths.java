package dev.clockwork.server.http;

import java.nio.charset.StandardCharsets;

/** Paths the API writes (Location headers, links): ids percent-encoded as one segment each. */
public final class Paths {
  /** What RFC 3986 allows in a path segment as it is (pchar): the rest is percent-encoded. */
  private static final String SAFE = "-._~!$&'()*+,;=:@";

  private Paths() {}

  /**
   * {@code id} as one path segment: {@code order:42} stays, {@code a#b?c d} is {@code
   * a%23b%3Fc%20d}.
   */
  public static String segment(String id) {
    StringBuilder out = new StringBuilder(id.length());
    for (byte b : id.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      if (c < 0x80 && (Character.isLetterOrDigit(c) || SAFE.indexOf(c) >= 0)) {
        out.append(c);
      } else {
        out.append('%').append(String.format("%02X", b & 0xff));
      }
    }
    return out.toString();
  }
}
