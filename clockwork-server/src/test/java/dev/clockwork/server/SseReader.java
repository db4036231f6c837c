package dev.clockwork.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/** A client of {@code /api/stream} that keeps every server-sent event it receives. */
public final class SseReader implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One server-sent event. */
  public record Sse(String event, JsonNode data) {}

  private final List<Sse> received = new CopyOnWriteArrayList<>();
  private final CompletableFuture<HttpResponse<Stream<String>>> connection;
  private final CompletableFuture<Void> ended;

  public SseReader(String url, String token) {
    this(url, token, "");
  }

  /** A reader of the stream with {@code query} (such as {@code ?namespace=tenant-a}). */
  public SseReader(String url, String token, String query) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(url + "/api/stream" + query))
            .header("Authorization", "Bearer " + token)
            .header("Accept", "text/event-stream")
            .build();
    connection = HttpClient.newHttpClient().sendAsync(request, HttpResponse.BodyHandlers.ofLines());
    ended = connection.thenAccept(response -> read(response.body()));
  }

  /** The data of the {@code event} events received so far, oldest first. */
  public List<JsonNode> data(String event) {
    return received.stream().filter(e -> e.event().equals(event)).map(Sse::data).toList();
  }

  /** The ids of the {@code instance} events received so far. */
  public List<String> instanceIds() {
    return data("instance").stream().map(data -> data.get("id").asText()).toList();
  }

  /** The data of the {@code error} events received so far. */
  public List<JsonNode> errors() {
    return data("error");
  }

  /** How many {@code queues} events were received so far. */
  public long queuePushes() {
    return data("queues").size();
  }

  /** True once the server ended the stream (its body was read to the end, or broke off). */
  public boolean ended() {
    return ended.isDone();
  }

  private void read(Stream<String> lines) {
    String[] event = {null};
    lines.forEach(
        line -> {
          if (line.startsWith("event:")) {
            event[0] = line.substring(6).trim();
          } else if (line.startsWith("data:") && event[0] != null) {
            received.add(new Sse(event[0], parse(line.substring(5).trim())));
          } else if (line.isEmpty()) {
            event[0] = null;
          }
        });
  }

  private static JsonNode parse(String data) {
    try {
      return JSON.readTree(data);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    connection.thenAccept(response -> response.body().close());
    connection.cancel(true);
  }
}
