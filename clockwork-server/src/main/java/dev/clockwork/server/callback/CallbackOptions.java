package dev.clockwork.server.callback;

import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.listener.ProcessedEvent;
import dev.clockwork.runtime.queue.Backoff;
import dev.clockwork.runtime.store.CallbackStore;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How a server sends callbacks: the store, the hosts it may call, the signing secret, the retry
 * schedule and the HTTP timeout. Callbacks are off unless a server is given options:
 *
 * <pre>{@code
 * CallbackOptions callbacks = CallbackOptions.builder(store.callbacks())
 *     .secret(System.getenv("CLOCKWORK_CALLBACK_SECRET"))
 *     .allowHost("hooks.example.com")
 *     .allowHost("*.partners.example.com")
 *     .build();
 * Engine engine = Engine.builder().store(store).listener(callbacks.listener()).build();
 * ClockworkServer.builder(engine).callbacks(callbacks).start();
 * }</pre>
 *
 * The {@link #listener()} wakes the delivery worker as soon as an event is processed; without it
 * the worker still finds outcomes on its periodic sweep ({@link Builder#pollInterval}).
 */
public final class CallbackOptions {
  /** Attempts per callback unless set: the first one and four retries. */
  public static final int DEFAULT_MAX_ATTEMPTS = 5;

  /**
   * The waits between attempts unless set: 10 seconds, doubling for each retry, up to 10 minutes.
   */
  public static final Backoff DEFAULT_BACKOFF =
      Backoff.exponential(Duration.ofSeconds(10), Duration.ofMinutes(10));

  /** How long one POST may take unless set. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

  /** How often the worker sweeps for outcomes it was not woken for, unless set. */
  public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofSeconds(5);

  private final CallbackStore store;
  private final AllowList allowList;
  private final boolean allowHttp;
  private final byte[] secret;
  private final int maxAttempts;
  private final Backoff backoff;
  private final Duration timeout;
  private final Duration pollInterval;
  private final Wakeup wakeup = new Wakeup();

  private CallbackOptions(Builder b) {
    this.store = b.store;
    this.allowList = AllowList.of(b.hosts);
    this.allowHttp = b.allowHttp;
    this.secret = b.secret.getBytes(StandardCharsets.UTF_8);
    this.maxAttempts = b.maxAttempts;
    this.backoff = b.backoff;
    this.timeout = b.timeout;
    this.pollInterval = b.pollInterval;
  }

  /** Options storing callbacks in {@code store}. */
  public static Builder builder(CallbackStore store) {
    return new Builder(store);
  }

  /** Give this to {@code Engine.builder().listener(...)}: it wakes the worker on each outcome. */
  public EngineListener listener() {
    return new EngineListener() {
      @Override
      public void eventProcessed(ProcessedEvent event) {
        if (event.eventId() > 0
            && event.source() != null
            && (event.source().equals("api") || event.source().startsWith("api:"))
            && event.outcome() != ProcessedEvent.Outcome.RETRYING) {
          wakeup.heard(
              NamespacedIds.stored(event.namespace(), event.instanceId()), event.eventId());
        }
      }
    };
  }

  public CallbackStore store() {
    return store;
  }

  AllowList allowList() {
    return allowList;
  }

  public boolean allowHttp() {
    return allowHttp;
  }

  byte[] secret() {
    return secret.clone();
  }

  public int maxAttempts() {
    return maxAttempts;
  }

  /** The waits between attempts: {@code backoff().delayAfter(attempt)} follows a failed one. */
  public Backoff backoff() {
    return backoff;
  }

  public Duration timeout() {
    return timeout;
  }

  public Duration pollInterval() {
    return pollInterval;
  }

  /** How long a worker holds a claimed callback: longer than any POST may take. */
  public Duration leaseTime() {
    return timeout.multipliedBy(2).plusSeconds(30);
  }

  /** The signal the {@link #listener()} raises and the worker waits on. */
  Wakeup wakeup() {
    return wakeup;
  }

  /** Builds {@link CallbackOptions}; {@link #build()} checks every value. */
  public static final class Builder {
    private final CallbackStore store;
    private final List<String> hosts = new ArrayList<>();
    private boolean allowHttp;
    private String secret;
    private int maxAttempts = DEFAULT_MAX_ATTEMPTS;
    private Backoff backoff = DEFAULT_BACKOFF;
    private Duration timeout = DEFAULT_TIMEOUT;
    private Duration pollInterval = DEFAULT_POLL_INTERVAL;

    private Builder(CallbackStore store) {
      this.store = Objects.requireNonNull(store, "store");
    }

    /**
     * Allows callbacks to {@code entry}: a host name, {@code *.domain} for its sub-domains, or a
     * literal IP address, each with an optional {@code :port} (without one, only 443 for https and
     * 80 for http).
     */
    public Builder allowHost(String entry) {
      hosts.add(entry);
      return this;
    }

    /** Allows plain {@code http} URLs too (https only by default): for local receivers. */
    public Builder allowHttp(boolean value) {
      this.allowHttp = value;
      return this;
    }

    /** The deployment's signing secret (at least 16 characters), shared with the receivers. */
    public Builder secret(String value) {
      this.secret = value;
      return this;
    }

    /** Attempts per callback, the first one included (at least 1). */
    public Builder maxAttempts(int value) {
      this.maxAttempts = value;
      return this;
    }

    /**
     * The waits between attempts, as queue retries wait ({@link Backoff}): {@code
     * Backoff.exponential(Duration.ofSeconds(5), Duration.ofMinutes(1)).withJitter(0.2)}.
     */
    public Builder backoff(Backoff value) {
      this.backoff = Objects.requireNonNull(value, "backoff");
      return this;
    }

    /** How long one POST may take before it counts as failed. */
    public Builder timeout(Duration value) {
      this.timeout = value;
      return this;
    }

    /** How often the worker sweeps for outcomes and due retries (elapsed time). */
    public Builder pollInterval(Duration value) {
      this.pollInterval = value;
      return this;
    }

    public CallbackOptions build() {
      if (secret == null || secret.length() < 16) {
        throw new IllegalArgumentException(
            "callbacks need a signing secret of at least 16 characters (secret(...)), shared with"
                + " the receivers so they can verify X-Clockwork-Signature");
      }
      if (hosts.isEmpty()) {
        throw new IllegalArgumentException(
            "callbacks need at least one allowed host, such as allowHost(\"hooks.example.com\");"
                + " no other host is ever called");
      }
      if (maxAttempts < 1) {
        throw new IllegalArgumentException("maxAttempts must be at least 1, not " + maxAttempts);
      }
      positive("backoff initialDelay", backoff.initialDelay());
      positive("timeout", timeout);
      positive("pollInterval", pollInterval);
      return new CallbackOptions(this);
    }

    private static void positive(String name, Duration value) {
      if (value == null || value.isNegative() || value.isZero()) {
        throw new IllegalArgumentException(name + " must be a positive duration, not " + value);
      }
    }
  }
}
