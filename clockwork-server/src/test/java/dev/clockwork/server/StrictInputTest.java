package dev.clockwork.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture.Response;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Bodies are read strictly: nothing after the JSON value, no key twice, UTF-8 only, no NUL however
 * it is escaped or labelled, and no Java type named in an error.
 */
class StrictInputTest {
  static final ApiFixture API = ApiFixture.start();

  @BeforeAll
  static void anInstance() {
    API.engine().create(NewInstance.of("order").id("order-strict"));
  }

  @AfterAll
  static void close() {
    API.close();
  }

  private static Response send(String body) {
    return API.post("/api/instances/order-strict/events", ApiFixture.OPERATOR, body);
  }

  @Test
  void trailingContentAfterTheJsonIsA400() {
    Response response = send("{\"type\":\"SUBMIT\"}xyz");

    assertThat(response.status()).as(response.body()).isEqualTo(400);
  }

  @Test
  void aKeyGivenTwiceIsA400NamingIt() {
    Response response = send("{\"type\":\"SUBMIT\",\"type\":\"CANCEL\"}");

    assertThat(response.status()).as(response.body()).isEqualTo(400);
    assertThat(response.body()).contains("type");
  }

  @Test
  void aBodyThatIsNotUtf8IsA400() throws IOException, InterruptedException {
    byte[] latin1 =
        "{\"type\":\"SUBMIT\",\"payload\":{\"name\":\"Zoë\"}}"
            .getBytes(StandardCharsets.ISO_8859_1);
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(API.url() + "/api/instances/order-strict/events"))
                    .header("Authorization", "Bearer " + ApiFixture.OPERATOR)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(latin1))
                    .build(),
                HttpResponse.BodyHandlers.ofString());

    assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
    assertThat(response.body()).contains("not valid UTF-8");
  }

  @Test
  void aNulIsRefusedAfterAnEscapedBackslashAndUnderAnyContentType() {
    Response escaped = send("{\"type\":\"SUBMIT\",\"payload\":{\"note\":\"a\\\\\\u0000b\"}}");
    Response plain =
        API.post(
            "/api/instances/order-strict/events",
            ApiFixture.OPERATOR,
            "{\"type\":\"SUBMIT\",\"payload\":{\"note\":\"a\\u0000b\"}}",
            Map.of("Content-Type", "text/plain"));
    Response backslashThenU = send("{\"type\":\"SUBMIT\",\"payload\":{\"note\":\"a\\\\u0000b\"}}");

    assertThat(escaped.status()).as(escaped.body()).isEqualTo(400);
    assertThat(plain.status()).as(plain.body()).isEqualTo(400);
    assertThat(backslashThenU.status())
        .as("an escaped backslash and the text u0000")
        .isNotEqualTo(400);
  }

  @Test
  void anErrorNamesNoJavaType() {
    Response response =
        API.post("/api/dead-letters/retry", ApiFixture.ADMIN, "{\"ids\":{\"a\":1}}");

    assertThat(response.status()).as(response.body()).isEqualTo(400);
    assertThat(response.body())
        .contains("unknown field 'ids'")
        .doesNotContain("java.", "dev.clockwork");
    Response wrongType =
        API.post("/api/dead-letters/retry", ApiFixture.ADMIN, "{\"machine\":{\"a\":1}}");
    assertThat(wrongType.status()).as(wrongType.body()).isEqualTo(400);
    assertThat(wrongType.body()).doesNotContain("java.", "dev.clockwork");
  }
}
