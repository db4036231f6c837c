package dev.clockwork.server.access;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The dashboard sessions of one server, in memory: an opaque random id (32 bytes) per login, mapped
 * to the token it was opened with and the instant it expires ({@link #LIFETIME} after the login, on
 * the server's clock). A restart logs everyone out, which is the safe default.
 */
public final class Sessions {
  /** How long a session lasts after its login. */
  public static final Duration LIFETIME = Duration.ofHours(8);

  /** The cookie carrying the session id. */
  public static final String COOKIE = "clockwork_session";

  private final Clock clock;
  private final SecureRandom random = new SecureRandom();
  private final Map<String, Session> open = new ConcurrentHashMap<>();
  private final List<Runnable> closed = new CopyOnWriteArrayList<>();

  public Sessions(Clock clock) {
    this.clock = clock;
  }

  /** One open session. */
  public record Session(String id, ApiToken token, Instant expiresAt) {}

  /** Opens a session for {@code token}. */
  public Session open(ApiToken token) {
    Instant now = clock.instant();
    open.values().removeIf(s -> !s.expiresAt().isAfter(now));
    byte[] bytes = new byte[32];
    random.nextBytes(bytes);
    String id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    Session session = new Session(id, token, now.plus(LIFETIME));
    open.put(id, session);
    return session;
  }

  /** The session {@code id} names, unless it is unknown or expired. */
  public Optional<Session> find(String id) {
    if (id == null) {
      return Optional.empty();
    }
    Session session = open.get(id);
    if (session == null) {
      return Optional.empty();
    }
    if (!session.expiresAt().isAfter(clock.instant())) {
      open.remove(id);
      return Optional.empty();
    }
    return Optional.of(session);
  }

  /** Closes the session {@code id} names (nothing when there is none). */
  public void close(String id) {
    if (id != null && open.remove(id) != null) {
      closed.forEach(Runnable::run);
    }
  }

  /** Runs {@code listener} after each session is closed (what it opened must end with it). */
  public void onClose(Runnable listener) {
    closed.add(listener);
  }
}
