package dev.clockwork.chaos.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The proxy against a local echo server: forwards, resets, blackholes and forwards again. */
class TcpProxyTest {
  private ServerSocket echo;
  private TcpProxy proxy;

  @BeforeEach
  void start() throws IOException {
    echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor =
        new Thread(
            () -> {
              while (!echo.isClosed()) {
                try {
                  Socket socket = echo.accept();
                  Thread copier = new Thread(() -> echo(socket));
                  copier.setDaemon(true);
                  copier.start();
                } catch (IOException e) {
                  return;
                }
              }
            });
    acceptor.setDaemon(true);
    acceptor.start();
    proxy = TcpProxy.start("w1", echo.getLocalPort());
  }

  @AfterEach
  void stop() throws IOException {
    proxy.close();
    echo.close();
  }

  private static void echo(Socket socket) {
    try (socket) {
      socket.getInputStream().transferTo(socket.getOutputStream());
    } catch (IOException e) {
      // reset: done
    }
  }

  private Socket connect() throws IOException {
    Socket socket = new Socket(InetAddress.getLoopbackAddress(), proxy.port());
    socket.setSoTimeout(5_000);
    return socket;
  }

  private static String roundTrip(Socket socket, String text) throws IOException {
    socket.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
    return read(socket, text.length());
  }

  private static String read(Socket socket, int length) throws IOException {
    InputStream in = socket.getInputStream();
    return new String(in.readNBytes(length), StandardCharsets.UTF_8);
  }

  @Test
  void forwardsBothWays() throws IOException {
    try (Socket client = connect()) {
      assertThat(roundTrip(client, "hello")).isEqualTo("hello");
      await().until(() -> proxy.open() == 1);
    }
  }

  @Test
  void aRequestWithoutItsAnswerIsInFlightAndReadyForQueryTellsTheTransaction() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        TcpProxy toSilent = TcpProxy.start("w2", silent.getLocalPort());
        Socket client = new Socket(InetAddress.getLoopbackAddress(), toSilent.port());
        Socket server = silent.accept()) {
      assertThat(toSilent.awaitMidTransaction(Duration.ofMillis(20)))
          .isEqualTo(new TcpProxy.Caught(0, 0));
      client.getOutputStream().write('q');
      assertThat(toSilent.awaitMidTransaction(Duration.ofMillis(20)))
          .isEqualTo(new TcpProxy.Caught(0, 1));
      assertThat(server.getInputStream().read()).isEqualTo('q');
      server.getOutputStream().write(new byte[] {'C', 'Z', 0, 0, 0, 5, 'T'}); // in a transaction
      await().until(() -> toSilent.inFlight() == 0 && toSilent.inTransaction() == 1);
      client.getOutputStream().write('c');
      assertThat(toSilent.awaitMidTransaction(Duration.ofSeconds(5)))
          .isEqualTo(new TcpProxy.Caught(1, 1));
      server.getOutputStream().write(new byte[] {'Z', 0, 0, 0, 5, 'I'}); // committed
      await().until(() -> toSilent.inFlight() == 0 && toSilent.inTransaction() == 0);
    }
  }

  @Test
  void aResetClosesEveryConnectionAbruptly() throws IOException {
    try (Socket first = connect();
        Socket second = connect()) {
      roundTrip(first, "a");
      roundTrip(second, "b");
      await().until(() -> proxy.open() == 2);
      assertThat(proxy.reset()).isEqualTo(2);
      assertThatThrownBy(() -> roundTrip(first, "again"))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("reset");
      assertThat(proxy.open()).isZero();
      assertThat(proxy.counts()).contains("2 reset");
    }
    try (Socket next = connect()) {
      assertThat(roundTrip(next, "after")).isEqualTo("after");
    }
  }

  @Test
  void aBlackholeForwardsNothingUntilForwardingResumes() throws IOException {
    try (Socket client = connect()) {
      roundTrip(client, "before");
      assertThat(proxy.blackhole()).isEqualTo(1);
      client.getOutputStream().write("held".getBytes(StandardCharsets.UTF_8));
      client.setSoTimeout(300);
      assertThatThrownBy(() -> read(client, 4)).isInstanceOf(SocketTimeoutException.class);
      try (Socket during = connect()) {
        during.setSoTimeout(300);
        during.getOutputStream().write("new".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> read(during, 3)).isInstanceOf(SocketTimeoutException.class);
        proxy.forward();
        during.setSoTimeout(5_000);
        assertThat(read(during, 3)).isEqualTo("new");
      }
      client.setSoTimeout(5_000);
      assertThat(read(client, 4)).isEqualTo("held");
      assertThat(proxy.counts()).contains("2 caught in a blackhole");
    }
  }

  @Test
  void aBlackholeEndedByAResetClosesTheStalledConnections() throws IOException {
    try (Socket client = connect()) {
      roundTrip(client, "x");
      proxy.blackhole();
      client.getOutputStream().write("lost".getBytes(StandardCharsets.UTF_8));
      assertThat(proxy.reset()).isEqualTo(1);
      proxy.forward();
      assertThatThrownBy(() -> read(client, 4)).isInstanceOf(IOException.class);
    }
  }

  @Test
  void aConnectionTheUpstreamRefusesIsResetAndTheNextOneConnectsAgain() throws Exception {
    // a port bound without listening: connects are refused, and no one else can take it meanwhile
    Socket holder = new Socket();
    holder.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    int port = holder.getLocalPort();
    try (TcpProxy toDown = TcpProxy.start("w2", port)) {
      try (Socket refused = new Socket(InetAddress.getLoopbackAddress(), toDown.port())) {
        refused.setSoTimeout(5_000);
        assertThat(readOrFail(refused)).isEqualTo(-1);
      }
      assertThat(toDown.counts()).contains("(1 refused upstream)");
      holder.close();
      try (ServerSocket back = new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
          Socket again = new Socket(InetAddress.getLoopbackAddress(), toDown.port());
          Socket accepted = back.accept()) {
        again.getOutputStream().write('b');
        assertThat(accepted.getInputStream().read()).isEqualTo('b');
      }
    }
  }

  /** The next byte, or -1 at the end of the stream or when the connection was reset. */
  private static int readOrFail(Socket socket) {
    try {
      return socket.getInputStream().read();
    } catch (IOException e) {
      return -1;
    }
  }

  @Test
  void closingResetsEveryConnection() throws IOException {
    try (Socket client = connect()) {
      roundTrip(client, "x");
      proxy.close();
      assertThatThrownBy(() -> roundTrip(client, "y")).isInstanceOf(IOException.class);
      assertThat(proxy.open()).isZero();
    }
  }
}
