package dev.clockwork.chaos.net;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy on {@code 127.0.0.1} (an ephemeral port) to a local upstream port, with two threads
 * per connection copying bytes each way. It can {@link #reset} every connection (RST to both ends,
 * as a dropped route or a firewall does) and {@link #blackhole} them: stop forwarding in both
 * directions while every socket stays open, as a silent network partition does, until {@link
 * #forward} or {@link #reset}. A connection accepted while the upstream refuses (the database
 * restarting) is reset at once; the next one connects upstream again.
 */
public final class TcpProxy implements AutoCloseable {
  private static final int BUFFER = 16 * 1024;

  private final String name;
  private final int upstreamPort;
  private final ServerSocket server;
  private final Set<Link> links = ConcurrentHashMap.newKeySet();
  private final Object gate = new Object();
  private final AtomicInteger accepted = new AtomicInteger();
  private final AtomicInteger refused = new AtomicInteger();
  private final AtomicInteger reset = new AtomicInteger();
  private final AtomicInteger stalled = new AtomicInteger();
  private boolean forwarding = true; // guarded by gate
  private volatile boolean closed;

  private TcpProxy(String name, int upstreamPort, ServerSocket server) {
    this.name = name;
    this.upstreamPort = upstreamPort;
    this.server = server;
  }

  /**
   * Starts a proxy to {@code upstreamPort} on the loopback address.
   *
   * @param name names its threads (the worker behind it)
   */
  public static TcpProxy start(String name, int upstreamPort) throws IOException {
    ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    TcpProxy proxy = new TcpProxy(name, upstreamPort, server);
    Thread acceptor = new Thread(proxy::accept, "proxy-" + name + "-accept");
    acceptor.setDaemon(true);
    acceptor.start();
    return proxy;
  }

  /** The port clients connect to. */
  public int port() {
    return server.getLocalPort();
  }

  /** Connections open now. */
  public int open() {
    return links.size();
  }

  /**
   * Connections with a request in flight now: bytes forwarded to the database and no answer
   * forwarded back since. Every statement runs in a transaction (its own, or the one it is part
   * of), so these are connections caught mid-transaction.
   */
  public int inFlight() {
    return (int) links.stream().filter(Link::inFlight).count();
  }

  /**
   * Connections inside an explicit transaction now, as the database last told the driver: the
   * status byte of its last {@code ReadyForQuery} message ({@code T} in a transaction block, {@code
   * E} in a failed one): a commit being written.
   */
  public int inTransaction() {
    return (int) links.stream().filter(l -> l.inTransaction).count();
  }

  /**
   * Waits, up to {@code max}, until a connection is inside an explicit transaction with a request
   * in flight (the best moment: a commit half written), then for up to {@code max} more until one
   * has any request in flight, so a fault strikes in the middle of a statement rather than between
   * two. Returns the connections inside a transaction and those with a request in flight then.
   */
  public Caught awaitMidTransaction(Duration max) throws InterruptedException {
    long deadline = System.nanoTime() + max.toNanos();
    while (System.nanoTime() < deadline) {
      if (links.stream().anyMatch(l -> l.inTransaction && l.inFlight())) {
        break;
      }
      Thread.sleep(1);
    }
    deadline = System.nanoTime() + max.toNanos();
    while (inFlight() == 0 && System.nanoTime() < deadline) {
      Thread.sleep(1);
    }
    return new Caught(inTransaction(), inFlight());
  }

  /**
   * What a fault caught at the instant it struck.
   *
   * @param inTransaction connections inside an explicit transaction
   * @param inFlight connections with a statement in flight
   */
  public record Caught(int inTransaction, int inFlight) {
    @Override
    public String toString() {
      return inTransaction + " in a transaction, " + inFlight + " mid-statement";
    }
  }

  /** Resets every open connection: both sockets closed with {@code SO_LINGER 0} (RST). */
  public int reset() {
    int count = 0;
    for (Link link : List.copyOf(links)) {
      if (link.close(true)) {
        count++;
      }
    }
    reset.addAndGet(count);
    return count;
  }

  /**
   * Stops forwarding bytes, in both directions, on every connection, open now or accepted until
   * {@link #forward} ({@link #reset} does not forward again by itself). Returns the connections
   * open now.
   */
  public int blackhole() {
    synchronized (gate) {
      forwarding = false;
    }
    int open = links.size();
    stalled.addAndGet(open);
    return open;
  }

  /** Forwards again what was held back, and everything after it. */
  public void forward() {
    synchronized (gate) {
      forwarding = true;
      gate.notifyAll();
    }
  }

  /** What the proxy did so far, for the run's summary. */
  public String counts() {
    return String.format(
        "%s through 127.0.0.1:%d: %d connections accepted (%d refused upstream), %d reset, %d"
            + " caught in a blackhole",
        name, port(), accepted.get(), refused.get(), reset.get(), stalled.get());
  }

  private void accept() {
    while (!closed) {
      Socket client;
      try {
        client = server.accept();
      } catch (IOException e) {
        return; // closed
      }
      accepted.incrementAndGet();
      Socket upstream = new Socket();
      try {
        client.setTcpNoDelay(true);
        upstream.setTcpNoDelay(true);
        upstream.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), upstreamPort));
      } catch (IOException e) {
        refused.incrementAndGet();
        resetQuietly(client);
        resetQuietly(upstream);
        continue;
      }
      Link link = new Link(client, upstream);
      links.add(link);
      synchronized (gate) {
        if (!forwarding) {
          stalled.incrementAndGet(); // accepted into the blackhole: it stalls from its first byte
        }
      }
      int n = accepted.get();
      start(() -> pump(link, client, upstream), "proxy-" + name + "-" + n + "-up");
      start(() -> pump(link, upstream, client), "proxy-" + name + "-" + n + "-down");
    }
  }

  private static void start(Runnable task, String threadName) {
    Thread thread = new Thread(task, threadName);
    thread.setDaemon(true);
    thread.start();
  }

  /** Copies {@code from} to {@code to} until either ends; holds each read while blackholed. */
  private void pump(Link link, Socket from, Socket to) {
    byte[] buffer = new byte[BUFFER];
    try {
      InputStream in = from.getInputStream();
      OutputStream out = to.getOutputStream();
      while (true) {
        int read = in.read(buffer);
        if (read < 0 || !awaitForwarding(link)) {
          break;
        }
        out.write(buffer, 0, read);
        out.flush();
        if (from == link.client) {
          link.requested = System.nanoTime();
        } else {
          link.answered = System.nanoTime();
          link.readStatus(buffer, read);
        }
      }
    } catch (IOException e) {
      // reset by us or by an end: the link is over
    } finally {
      link.close(false);
    }
  }

  /** Waits while blackholed; false when the link was closed meanwhile. */
  private boolean awaitForwarding(Link link) {
    synchronized (gate) {
      while (!forwarding && !link.closed) {
        try {
          gate.wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
      return !link.closed;
    }
  }

  private static void resetQuietly(Socket socket) {
    try {
      if (!socket.isClosed()) {
        if (socket.isConnected()) {
          socket.setSoLinger(true, 0);
        }
        socket.close();
      }
    } catch (IOException e) {
      // closing anyway
    }
  }

  /** Stops accepting and resets every connection. */
  @Override
  public void close() throws IOException {
    closed = true;
    server.close();
    reset();
    forward();
  }

  /** One proxied connection: the client's socket and the upstream one. */
  private final class Link {
    private final Socket client;
    private final Socket upstream;
    private volatile boolean closed;
    private volatile long requested;
    private volatile long answered;
    private volatile boolean inTransaction;

    Link(Socket client, Socket upstream) {
      this.client = client;
      this.upstream = upstream;
    }

    boolean inFlight() {
      return requested > answered;
    }

    /**
     * Reads the transaction status when the database's answer ends with {@code ReadyForQuery}
     * ({@code 'Z'}, length 5, status {@code I}, {@code T} or {@code E}: the last message of every
     * answer). One split across two reads is missed: the aim of one fault is off, nothing else.
     */
    void readStatus(byte[] bytes, int length) {
      int at = length - 6;
      if (at >= 0
          && bytes[at] == 'Z'
          && bytes[at + 1] == 0
          && bytes[at + 2] == 0
          && bytes[at + 3] == 0
          && bytes[at + 4] == 5) {
        inTransaction = bytes[at + 5] == 'T' || bytes[at + 5] == 'E';
      }
    }

    /** Closes both ends, with RST when {@code abort}; false when it was closed already. */
    boolean close(boolean abort) {
      synchronized (this) {
        if (closed) {
          return false;
        }
        closed = true;
      }
      links.remove(this);
      if (abort) {
        resetQuietly(client);
        resetQuietly(upstream);
      } else {
        closeQuietly(client);
        closeQuietly(upstream);
      }
      synchronized (gate) {
        gate.notifyAll();
      }
      return true;
    }
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // closing anyway
    }
  }
}
