package dev.clockwork.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.clock.VirtualClock;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.io.EofException;
import org.junit.jupiter.api.Test;

/** Client failures told from the server's, and logged at most once every ten seconds. */
class ClientErrorsTest {
  private final VirtualClock clock = VirtualClock.at("2026-11-28T10:00:00Z");
  private final ClientErrors errors = new ClientErrors(clock);

  @Test
  void aSlowOrCutOffBodyIsTheClientsFailureWhereverItIsWrapped() {
    assertThat(ClientErrors.kindOf(new IOException(new TimeoutException("read rate is too low"))))
        .isEqualTo(ClientErrors.Kind.TOO_SLOW);
    assertThat(ClientErrors.kindOf(new UncheckedIOException(new EofException("Early EOF"))))
        .isEqualTo(ClientErrors.Kind.CUT_OFF);
    assertThat(ClientErrors.kindOf(new EOFException())).isEqualTo(ClientErrors.Kind.CUT_OFF);
    assertThat(ClientErrors.kindOf(new IllegalStateException("a bug"))).isNull();
    assertThat(ClientErrors.Kind.TOO_SLOW.status).isEqualTo(408);
    assertThat(ClientErrors.Kind.CUT_OFF.status).isEqualTo(400);
  }

  @Test
  void aFloodOfClientFailuresWritesOneLineEveryTenSeconds() {
    EofException cut = new EofException("Early EOF");

    assertThat(errors.log(ClientErrors.Kind.CUT_OFF, "POST", "/api/session", cut)).isTrue();
    for (int i = 0; i < 400; i++) {
      assertThat(errors.log(ClientErrors.Kind.CUT_OFF, "POST", "/api/session", cut)).isFalse();
    }
    clock.advance(ClientErrors.EVERY.minusMillis(1));
    assertThat(errors.log(ClientErrors.Kind.CUT_OFF, "POST", "/api/session", cut)).isFalse();
    clock.advance(Duration.ofMillis(1));
    assertThat(errors.log(ClientErrors.Kind.CUT_OFF, "POST", "/api/session", cut)).isTrue();
  }
}
