package dev.clockwork.server.callback;

import dev.clockwork.runtime.store.callback.DeliveryAttempt;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.StringRequestContent;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;

/**
 * POSTs callbacks. The client connects only to addresses {@link CheckedResolver} checked (public
 * ones, or those the allow-list names). Redirects are never followed: a receiver on the allow-list
 * could otherwise point the server at an address that is not (a 3xx counts as a failed attempt).
 */
final class Sender implements AutoCloseable {
  private final HttpClient http;
  private final Duration timeout;
  private final byte[] secret;
  private final Clock clock;

  Sender(Duration timeout, byte[] secret, Clock clock, AllowList allowList) {
    this(timeout, secret, clock, new CheckedResolver(allowList, InetAddress::getAllByName));
  }

  Sender(Duration timeout, byte[] secret, Clock clock, CheckedResolver resolver) {
    this.timeout = timeout;
    this.secret = secret.clone();
    this.clock = clock;
    QueuedThreadPool threads = new QueuedThreadPool(8, 1);
    threads.setName("clockwork-callbacks");
    threads.setDaemon(true);
    this.http = new HttpClient();
    http.setExecutor(threads);
    http.setScheduler(new ScheduledExecutorScheduler("clockwork-callbacks-timeouts", true));
    http.setFollowRedirects(false);
    http.setConnectTimeout(timeout.toMillis());
    http.setSocketAddressResolver(resolver);
    http.setUserAgentField(null); // the request names itself below
  }

  /** Starts the client unless it runs: at the first send, and again at a send after a close. */
  private synchronized void started() {
    if (http.isRunning()) {
      return;
    }
    try {
      http.start();
    } catch (Exception e) {
      throw new IllegalStateException("cannot start the callbacks' HTTP client", e);
    }
  }

  /** One attempt to deliver {@code delivery}; completes with what happened, never exceptionally. */
  CompletableFuture<DeliveryAttempt> send(Delivery delivery) {
    started();
    long unixSeconds = clock.instant().getEpochSecond();
    CompletableFuture<DeliveryAttempt> attempt = new CompletableFuture<>();
    http.newRequest(delivery.url())
        .method(HttpMethod.POST)
        .timeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
        .agent("Clockwork-Callbacks")
        .headers(
            headers ->
                headers
                    .put("X-Clockwork-Delivery", delivery.deliveryId())
                    .put("X-Clockwork-Attempt", Integer.toString(delivery.attempt()))
                    .put(
                        "X-Clockwork-Signature",
                        Signature.header(secret, unixSeconds, delivery.body())))
        .body(new StringRequestContent("application/json", delivery.body(), StandardCharsets.UTF_8))
        .send(
            result ->
                attempt.complete(
                    result.isFailed()
                        ? failed(delivery, result.getFailure())
                        : answered(delivery, result.getResponse())));
    return attempt;
  }

  private DeliveryAttempt answered(Delivery delivery, Response response) {
    int status = response.getStatus();
    String error = null;
    if (status >= 300 && status < 400) {
      String location = response.getHeaders().get("Location");
      error =
          "answered "
              + status
              + " (redirects are not followed; Location: "
              + (location == null ? "none" : location)
              + ")";
    } else if (status < 200 || status >= 300) {
      error = "answered " + status;
    }
    return new DeliveryAttempt(
        delivery.attempt(), delivery.deliveryId(), clock.instant(), status, error);
  }

  private DeliveryAttempt failed(Delivery delivery, Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null
        && !(cause instanceof CheckedResolver.RefusedAddressException)) {
      cause = cause.getCause();
    }
    String error;
    if (cause instanceof CheckedResolver.RefusedAddressException) {
      error = cause.getMessage();
    } else if (cause instanceof TimeoutException) {
      error = "no answer within " + timeout;
    } else {
      error =
          cause.getClass().getSimpleName()
              + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
    }
    return new DeliveryAttempt(
        delivery.attempt(), delivery.deliveryId(), clock.instant(), null, error);
  }

  /** Stops the client's threads (a later send starts them again). */
  @Override
  public synchronized void close() {
    try {
      http.stop();
    } catch (Exception e) {
      throw new IllegalStateException("cannot stop the callbacks' HTTP client", e);
    }
  }
}
