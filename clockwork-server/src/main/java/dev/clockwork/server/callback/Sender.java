package dev.clockwork.server.callback;

import dev.clockwork.runtime.store.callback.DeliveryAttempt;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * POSTs callbacks. Redirects are never followed: a receiver on the allow-list could otherwise point
 * the server at an address that is not (a 3xx counts as a failed attempt).
 */
final class Sender {
  private final HttpClient http;
  private final Duration timeout;
  private final byte[] secret;
  private final Clock clock;

  Sender(Duration timeout, byte[] secret, Clock clock) {
    this.http =
        HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(timeout)
            .build();
    this.timeout = timeout;
    this.secret = secret.clone();
    this.clock = clock;
  }

  /** One attempt to deliver {@code delivery}; completes with what happened, never exceptionally. */
  CompletableFuture<DeliveryAttempt> send(Delivery delivery) {
    long unixSeconds = clock.instant().getEpochSecond();
    HttpRequest request =
        HttpRequest.newBuilder(delivery.url())
            .timeout(timeout)
            .header("Content-Type", "application/json")
            .header("User-Agent", "Clockwork-Callbacks")
            .header("X-Clockwork-Delivery", delivery.deliveryId())
            .header("X-Clockwork-Attempt", Integer.toString(delivery.attempt()))
            .header("X-Clockwork-Signature", Signature.header(secret, unixSeconds, delivery.body()))
            .POST(HttpRequest.BodyPublishers.ofString(delivery.body()))
            .build();
    return http.sendAsync(request, HttpResponse.BodyHandlers.discarding())
        .handle(
            (response, failure) ->
                failure == null ? answered(delivery, response) : failed(delivery, failure));
  }

  private DeliveryAttempt answered(Delivery delivery, HttpResponse<Void> response) {
    int status = response.statusCode();
    String error = null;
    if (status >= 300 && status < 400) {
      error =
          "answered "
              + status
              + " (redirects are not followed; Location: "
              + response.headers().firstValue("Location").orElse("none")
              + ")";
    } else if (status < 200 || status >= 300) {
      error = "answered " + status;
    }
    return new DeliveryAttempt(
        delivery.attempt(), delivery.deliveryId(), clock.instant(), status, error);
  }

  private DeliveryAttempt failed(Delivery delivery, Throwable failure) {
    Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
    String error =
        cause instanceof HttpTimeoutException
            ? "no answer within " + timeout
            : cause.getClass().getSimpleName()
                + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
    return new DeliveryAttempt(
        delivery.attempt(), delivery.deliveryId(), clock.instant(), null, error);
  }
}
