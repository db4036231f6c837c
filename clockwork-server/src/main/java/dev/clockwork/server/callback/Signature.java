package dev.clockwork.server.callback;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code X-Clockwork-Signature} header: {@code t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">} under the deployment's secret. Signing the timestamp with the body lets a receiver
 * refuse replays of an old delivery.
 */
final class Signature {
  private Signature() {}

  /** The header's value for {@code body} sent at {@code unixSeconds}. */
  static String header(byte[] secret, long unixSeconds, String body) {
    return "t=" + unixSeconds + ",v1=" + hmac(secret, unixSeconds + "." + body);
  }

  static String hmac(byte[] secret, String signed) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret, "HmacSHA256"));
      return HexFormat.of().formatHex(mac.doFinal(signed.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is not available in this JVM", e);
    }
  }
}
