package dev.clockwork.cli.serve;

import dev.clockwork.core.ClockworkException;
import java.net.BindException;
import java.util.function.Supplier;

/** Starting a server, with a port already in use reported as the user's fix, not a trace. */
final class Listening {
  private Listening() {}

  static ServeSession start(String host, int port, Supplier<ServeSession> start) {
    try {
      return start.get();
    } catch (RuntimeException e) {
      for (Throwable cause = e; cause != null; cause = cause.getCause()) {
        if (cause instanceof BindException) {
          throw new ClockworkException(
              "cannot listen on "
                  + host
                  + ":"
                  + port
                  + " ("
                  + cause.getMessage()
                  + "); another program has it — stop it, or pass --port with a free port",
              e);
        }
      }
      throw e;
    }
  }
}
