package dev.clockwork.server.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.server.ApiFixture;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The stream as the README's curl opens it: whatever the client accepts, as long as it can take
 * server-sent events, it gets them; a client that accepts only other types gets a 406 naming the
 * header to send.
 */
class StreamAcceptTest {
  static final ApiFixture API = ApiFixture.start();

  @AfterAll
  static void stop() {
    API.close();
  }

  private static HttpResponse<InputStream> open(String accept) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(API.url() + "/api/stream"))
            .timeout(Duration.ofSeconds(10))
            .header("Authorization", "Bearer " + ApiFixture.VIEWER);
    if (accept != null) {
      request.header("Accept", accept);
    }
    return HttpClient.newHttpClient()
        .send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
  }

  /** The stream's first event line; the stream is closed after it. */
  private static String firstEvent(HttpResponse<InputStream> response) throws Exception {
    try (BufferedReader lines =
        new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        if (line.startsWith("event:")) {
          return line;
        }
      }
      return null;
    }
  }

  @Test
  void aClientSendingNoAcceptGetsTheStream() throws Exception {
    HttpResponse<InputStream> response = open(null);

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith(StreamAccept.EVENT_STREAM));
    assertThat(firstEvent(response)).isEqualTo("event: queues");
  }

  @ParameterizedTest
  @ValueSource(strings = {"*/*", "text/*", "text/event-stream", "application/json, */*;q=0.1"})
  void aClientAcceptingTheStreamGetsIt(String accept) throws Exception {
    HttpResponse<InputStream> response = open(accept);

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(firstEvent(response)).isEqualTo("event: queues");
  }

  @Test
  void aClientAcceptingOnlyJsonIsToldWhatToSend() throws Exception {
    HttpResponse<InputStream> response = open("application/json");

    assertThat(response.statusCode()).isEqualTo(406);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
    String body = new String(response.body().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(body)
        .contains("\"status\":406", "application/json", "Accept: text/event-stream", "curl -N");
  }
}
