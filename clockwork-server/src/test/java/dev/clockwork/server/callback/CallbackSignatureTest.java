package dev.clockwork.server.callback;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A receiver verifies a delivery with the shared secret alone: {@code X-Clockwork-Signature} is
 * {@code t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">} (recomputed here with the JDK only).
 */
class CallbackSignatureTest {
  private final CallbackFixture fixture = new CallbackFixture();
  private final Receiver receiver = new Receiver();

  @AfterEach
  void close() {
    receiver.close();
    fixture.close();
  }

  @Test
  void theSignatureIsTheHmacOfTheTimestampAndTheBodyUnderTheSecret() throws Exception {
    Callbacks callbacks = new Callbacks(fixture.engine, fixture.options(receiver, b -> b));
    fixture.send(callbacks, fixture.job("signed"), "GO", receiver.url("/signed"));
    fixture.engine.runDue();
    callbacks.runDue();

    Receiver.Request request = receiver.requests().get(0);
    String header = request.header("X-Clockwork-Signature");
    assertThat(header).matches("t=\\d+,v1=[0-9a-f]{64}");
    String t = header.substring(2, header.indexOf(','));
    String v1 = header.substring(header.indexOf("v1=") + 3);
    assertThat(Long.parseLong(t)).isEqualTo(fixture.clock.instant().getEpochSecond());
    assertThat(v1).isEqualTo(hmac(CallbackFixture.SECRET, t + "." + request.body()));
    assertThat(v1)
        .as("another secret gives another signature")
        .isNotEqualTo(hmac("some-other-secret-entirely", t + "." + request.body()));
  }

  @Test
  void theSecretOptionIsTheKeyUsed() throws Exception {
    String secret = "rotated-secret-0123456789";
    Callbacks callbacks =
        new Callbacks(fixture.engine, fixture.options(receiver, b -> b.secret(secret)));
    fixture.send(callbacks, fixture.job("rotated"), "GO", receiver.url("/signed"));
    fixture.engine.runDue();
    callbacks.runDue();

    Receiver.Request request = receiver.requests().get(0);
    String header = request.header("X-Clockwork-Signature");
    String t = header.substring(2, header.indexOf(','));
    assertThat(header).endsWith("v1=" + hmac(secret, t + "." + request.body()));
  }

  @Test
  void theReadmeVerifierAcceptsADeliveryAndRefusesATamperedOrOldOne() throws Exception {
    Callbacks callbacks = new Callbacks(fixture.engine, fixture.options(receiver, b -> b));
    fixture.send(callbacks, fixture.job("verified"), "GO", receiver.url("/v"));
    fixture.engine.runDue();
    callbacks.runDue();
    Receiver.Request request = receiver.requests().get(0);
    String header = request.header("X-Clockwork-Signature");
    Instant now = fixture.clock.instant();

    assertThat(verified(header, request.body(), CallbackFixture.SECRET, now)).isTrue();
    assertThat(verified(header, request.body() + " ", CallbackFixture.SECRET, now)).isFalse();
    assertThat(verified(header, request.body(), "the-wrong-secret-entirely", now)).isFalse();
    assertThat(verified(header, request.body(), CallbackFixture.SECRET, now.plusSeconds(301)))
        .isFalse();
  }

  // the README's receiver snippet, verbatim
  static boolean verified(String header, String body, String secret, Instant now) throws Exception {
    String t = header.substring(2, header.indexOf(',')); // "t=1795600803,v1=ab12…"
    String v1 = header.substring(header.indexOf("v1=") + 3);
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    byte[] expected = mac.doFinal((t + "." + body).getBytes(StandardCharsets.UTF_8));
    return MessageDigest.isEqual(expected, HexFormat.of().parseHex(v1))
        && Math.abs(now.getEpochSecond() - Long.parseLong(t)) <= 300;
  }

  private static String hmac(String secret, String signed) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    return HexFormat.of().formatHex(mac.doFinal(signed.getBytes(StandardCharsets.UTF_8)));
  }
}
