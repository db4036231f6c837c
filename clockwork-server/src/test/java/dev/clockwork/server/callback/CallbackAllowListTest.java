package dev.clockwork.server.callback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.error.UnknownEventException;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.server.http.ProblemException;
import java.net.URI;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Only hosts on the allow-list are called: a URL off it is refused when the event is sent (nothing
 * queued, nothing stored, a 422 naming the host and the list), and again before each delivery, so a
 * host removed from the list is not called for callbacks stored before. Redirects are never
 * followed.
 */
class CallbackAllowListTest {
  private final CallbackFixture fixture = new CallbackFixture();
  private final Receiver receiver = new Receiver();

  @AfterEach
  void close() {
    receiver.close();
    fixture.close();
  }

  private Callbacks callbacks(UnaryOperator<CallbackOptions.Builder> settings) {
    return new Callbacks(fixture.engine, fixture.options(receiver, settings));
  }

  @Test
  void aHostOffTheListIsRefusedWithAnErrorNamingItAndNothingIsQueued() {
    Callbacks callbacks = callbacks(b -> b.allowHost("hooks.example.com"));
    String id = fixture.job("refused");

    assertThatThrownBy(
            () ->
                callbacks.enqueue(
                    id,
                    Event.of("GO"),
                    Priority.NORMAL,
                    null,
                    URI.create("https://metadata.internal/latest"),
                    null))
        .isInstanceOfSatisfying(
            ProblemException.class,
            e -> {
              assertThat(e.status()).isEqualTo(422);
              assertThat(e.getMessage())
                  .contains("'metadata.internal'")
                  .contains("hooks.example.com")
                  .contains("CallbackOptions.allowHost");
            });

    assertThat(fixture.engine.runDue()).as("nothing was queued").isZero();
    assertThat(fixture.database.single("SELECT count(*) FROM cw_callbacks")).isEqualTo(0L);
    assertThat(receiver.requests()).isEmpty();
  }

  @Test
  void wildcardsCoverSubDomainsOnlyAndNeverLiteralAddresses() {
    Callbacks callbacks = callbacks(b -> b.allowHost("*.example.com").allowHost("[::1]:9000"));

    assertThat(callbacks.check("https://a.example.com/x")).hasHost("a.example.com");
    assertThat(callbacks.check("https://deep.a.example.com/x")).hasHost("deep.a.example.com");
    assertThat(callbacks.check("http://[::1]:9000/x").getPort()).isEqualTo(9000);
    assertRefused(callbacks, "https://example.com/x", 422, "'example.com'");
    assertRefused(callbacks, "https://evil-example.com/x", 422, "'evil-example.com'");
    assertRefused(callbacks, "https://10.0.0.1/x", 422, "'10.0.0.1'");
    assertRefused(callbacks, "https://169.254.169.254/latest", 422, "'169.254.169.254'");
    assertRefused(callbacks, "https://a.example.com:8443/x", 422, "'a.example.com:8443'");
    assertRefused(callbacks, "http://[::1]:9001/x", 422, "'[::1]:9001'");
  }

  @Test
  void aPortMustBeListedUnlessItIsTheSchemesDefault() {
    Callbacks callbacks = callbacks(b -> b.allowHost("hooks.example.com"));

    assertThat(callbacks.check("https://hooks.example.com/x")).isNotNull();
    assertThat(callbacks.check("https://hooks.example.com:443/x")).isNotNull();
    assertRefused(callbacks, "https://hooks.example.com:8443/x", 422, "allow-list");
  }

  @Test
  void malformedUrlsAreBadRequests() {
    Callbacks callbacks = callbacks(b -> b);

    assertRefused(callbacks, "", 400, "empty");
    assertRefused(callbacks, "not a url", 400, "'not a url'");
    assertRefused(callbacks, "/relative/path", 400, "absolute");
    assertRefused(callbacks, "ftp://127.0.0.1/x", 400, "http(s)");
    assertRefused(callbacks, "http://user:pw@" + receiver.allowEntry() + "/x", 400, "user info");
  }

  @Test
  void plainHttpIsRefusedUnlessAllowed() {
    Callbacks strict = callbacks(b -> b.allowHttp(false));

    assertRefused(strict, receiver.url("/x").toString(), 422, "allowHttp");
    assertThat(callbacks(b -> b).check(receiver.url("/x").toString())).isNotNull();
  }

  @Test
  void aHostRemovedFromTheListIsNotCalledForCallbacksStoredBefore() {
    String id = fixture.job("removed");
    QueuedEvent go = fixture.send(callbacks(b -> b), id, "GO", receiver.url("/x"));
    fixture.engine.runDue();
    Callbacks narrowed =
        new Callbacks(
            fixture.engine,
            CallbackOptions.builder(fixture.callbackStore)
                .secret(CallbackFixture.SECRET)
                .allowHttp(true)
                .allowHost("hooks.example.com")
                .build());

    narrowed.runDue();

    assertThat(receiver.requests()).isEmpty();
    CallbackView view = narrowed.deliveries(id, go.id()).get(0);
    assertThat(view.outcome()).isEqualTo("failed");
    assertThat(view.lastError()).contains("not on the callback allow-list");
  }

  @Test
  void aRedirectIsNotFollowed() {
    Callbacks callbacks = callbacks(b -> b.maxAttempts(1));
    String id = fixture.job("redirected");
    QueuedEvent go = fixture.send(callbacks, id, "GO", receiver.url("/redirect"));
    fixture.engine.runDue();

    callbacks.runDue();

    assertThat(receiver.requests()).extracting(Receiver.Request::path).containsExactly("/redirect");
    CallbackView view = callbacks.deliveries(id, go.id()).get(0);
    assertThat(view.outcome()).isEqualTo("failed");
    assertThat(view.lastStatus()).isEqualTo(302);
    assertThat(view.lastError()).contains("redirects are not followed").contains("/internal");
  }

  private static void assertRefused(Callbacks callbacks, String url, int status, String text) {
    assertThatThrownBy(() -> callbacks.check(url))
        .as(url)
        .isInstanceOfSatisfying(
            ProblemException.class,
            e -> {
              assertThat(e.status()).as(url).isEqualTo(status);
              assertThat(e.getMessage()).as(url).contains(text);
            });
  }

  @Test
  void unknownEventsAreRefusedAndTheirCallbackAbandoned() {
    Callbacks callbacks = callbacks(b -> b);
    String id = fixture.job("unknown-event");

    assertThatThrownBy(
            () ->
                callbacks.enqueue(
                    id, Event.of("NOPE"), Priority.NORMAL, "k", receiver.url("/x"), null))
        .isInstanceOf(UnknownEventException.class);
    assertThat(
            fixture.database.single(
                "SELECT state FROM cw_callbacks WHERE instance_id = ?", "unknown-event"))
        .isEqualTo("abandoned");
  }
}
