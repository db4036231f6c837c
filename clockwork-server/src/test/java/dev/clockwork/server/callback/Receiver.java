package dev.clockwork.server.callback;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A callback receiver on 127.0.0.1 (the JDK's HTTP server): records every request, answers the
 * statuses it was told to (200 once they run out), and can hold requests until released.
 */
final class Receiver implements AutoCloseable {
  /** One request received. */
  record Request(String path, Map<String, List<String>> headers, String body) {
    String header(String name) {
      return headers.entrySet().stream()
          .filter(e -> e.getKey().equalsIgnoreCase(name))
          .map(e -> e.getValue().get(0))
          .findFirst()
          .orElse(null);
    }
  }

  private final HttpServer server;
  private final List<Request> requests = new CopyOnWriteArrayList<>();
  private final ConcurrentLinkedQueue<Integer> statuses = new ConcurrentLinkedQueue<>();
  private volatile CountDownLatch hold = new CountDownLatch(0);
  private final CountDownLatch firstArrived = new CountDownLatch(1);

  Receiver() {
    try {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext("/", this::handle);
    server.start();
  }

  private void handle(HttpExchange exchange) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    requests.add(
        new Request(exchange.getRequestURI().getPath(), exchange.getRequestHeaders(), body));
    firstArrived.countDown();
    try {
      hold.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (exchange.getRequestURI().getPath().equals("/redirect")) {
      exchange.getResponseHeaders().add("Location", url("/internal").toString());
      exchange.sendResponseHeaders(302, -1);
    } else {
      Integer status = statuses.poll();
      exchange.sendResponseHeaders(status == null ? 200 : status, -1);
    }
    exchange.close();
  }

  /** Answers these statuses to the next requests, in order. */
  Receiver answering(Integer... next) {
    statuses.addAll(List.of(next));
    return this;
  }

  /** Holds every request until {@link #release()}. */
  Receiver holding() {
    hold = new CountDownLatch(1);
    return this;
  }

  void release() {
    hold.countDown();
  }

  /** Waits (up to 10 s) until a first request has arrived. */
  boolean awaitFirst() throws InterruptedException {
    return firstArrived.await(10, TimeUnit.SECONDS);
  }

  List<Request> requests() {
    return List.copyOf(requests);
  }

  int port() {
    return server.getAddress().getPort();
  }

  /** This receiver's URL for {@code path}. */
  URI url(String path) {
    return URI.create("http://127.0.0.1:" + port() + path);
  }

  /** The allow-list entry for this receiver. */
  String allowEntry() {
    return "127.0.0.1:" + port();
  }

  @Override
  public void close() {
    release();
    server.stop(0);
  }
}
