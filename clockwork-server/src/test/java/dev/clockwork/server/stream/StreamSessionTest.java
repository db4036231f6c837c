package dev.clockwork.server.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.server.ApiFixture;
import dev.clockwork.server.access.AccessFilter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A stream opened with the dashboard's session ends when the session does: logging out closes it at
 * once, while a stream opened with a bearer token goes on.
 */
class StreamSessionTest {
  static final ApiFixture API = ApiFixture.start();

  @AfterAll
  static void stop() {
    API.close();
  }

  /** A stream's lines as they come, and whether the server ended it. */
  private static final class Opened {
    final List<String> lines = new CopyOnWriteArrayList<>();
    final AtomicBoolean ended = new AtomicBoolean();

    Opened(Map<String, String> headers) {
      HttpRequest.Builder request =
          HttpRequest.newBuilder(URI.create(API.url() + "/api/stream"))
              .header("Accept", "text/event-stream");
      headers.forEach(request::header);
      HttpClient.newHttpClient()
          .sendAsync(request.build(), HttpResponse.BodyHandlers.ofLines())
          .thenAccept(
              response -> {
                try (Stream<String> body = response.body()) {
                  body.forEach(lines::add);
                } catch (RuntimeException closed) {
                  // the connection was cut rather than ended: ended all the same
                }
                ended.set(true);
              });
    }

    boolean heardTheQueues() {
      return lines.stream().anyMatch(line -> line.equals("event: queues"));
    }
  }

  @Test
  void loggingOutEndsTheSessionsStreamButNotATokensStream() {
    String setCookie =
        API.post("/api/session", null, "{\"token\":\"" + ApiFixture.VIEWER + "\"}")
            .header("Set-Cookie");
    String cookie = setCookie.split(";", 2)[0];
    Opened bySession = new Opened(Map.of("Cookie", cookie));
    Opened byToken = new Opened(Map.of("Authorization", "Bearer " + ApiFixture.VIEWER));
    await().atMost(Duration.ofSeconds(10)).until(bySession::heardTheQueues);
    await().atMost(Duration.ofSeconds(10)).until(byToken::heardTheQueues);

    assertThat(
            API.delete(
                    "/api/session", null, Map.of("Cookie", cookie, AccessFilter.CSRF_HEADER, "1"))
                .status())
        .isEqualTo(204);

    await().atMost(Duration.ofSeconds(3)).untilTrue(bySession.ended);
    assertThat(byToken.ended).as("the token's stream goes on").isFalse();
  }
}
