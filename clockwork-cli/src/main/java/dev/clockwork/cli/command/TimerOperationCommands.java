package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.HumanDuration;
import dev.clockwork.cli.output.Json;
import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.InstanceTimers;
import dev.clockwork.runtime.Namespace;
import dev.clockwork.runtime.audit.Operator;
import dev.clockwork.runtime.error.UnknownInstanceException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code clockwork timers reschedule|extend|fire|cancel ID TIMER}: an operator's hand on one armed
 * timer, applied under the instance's lease, kept in its history and in the operator log (as the
 * user running the CLI, source {@code cli}).
 */
public final class TimerOperationCommands {
  private TimerOperationCommands() {}

  /** What the four share: the instance, the timer, the reason, and how the result is shown. */
  public abstract static class Operation implements Callable<Integer> {
    final CliEnvironment env;

    @Mixin DatabaseOptions database;
    @Mixin OutputOption output;
    @Mixin InstanceNamespace namespace;

    @Parameters(index = "0", paramLabel = "ID", description = "the instance id")
    String id;

    @Parameters(
        index = "1",
        paramLabel = "TIMER",
        description =
            "the timer's event (ORDER_EXPIRED), or its key (awaiting_payment#ORDER_EXPIRED)")
    String timer;

    @Option(
        names = "--reason",
        paramLabel = "TEXT",
        description = "why, kept in the instance's history and the operator log")
    String reason;

    Operation(CliEnvironment env) {
      this.env = env;
    }

    /** The operation's name in the operator log: {@code timer.reschedule}, … */
    abstract String action();

    /** Applies it; {@code details} gets what the operator log keeps beside the timer. */
    abstract Instance apply(InstanceTimers timers, Operator who, Map<String, Object> details);

    @Override
    public Integer call() throws Exception {
      Operator who = new Operator(System.getProperty("user.name", "cli"), null, "cli");
      String chosen = namespace.name();
      try (OpenDatabase opened = OpenDatabase.open(env, database)) {
        Namespace view = opened.engine(env.machines()).namespace(chosen);
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("timer", timer);
        Instance after;
        try {
          after = apply(view.instances().timers(id), who, details);
        } catch (UnknownInstanceException e) {
          throw new ClockworkException(namespace.missing(id));
        }
        if (reason != null) {
          details.put("reason", reason);
        }
        view.operatorLog().record(who, action(), "instance:" + id, details);
        print(after);
        return 0;
      }
    }

    private void print(Instance after) {
      ArmedTimer now =
          after.timers().stream()
              .filter(t -> t.event().equals(timer) || t.key().equals(timer))
              .findFirst()
              .orElse(null);
      if (output.json()) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("instance", id);
        result.put("timer", timer);
        result.put("due", now == null ? null : now.due());
        result.put("states", after.states());
        Json.print(env.out(), result);
        return;
      }
      if (now == null) {
        env.out().printf("%s: %s is not armed now; states %s%n", id, timer, after.states());
      } else {
        Duration left = Duration.between(env.clock().instant(), now.due());
        env.out()
            .printf(
                "%s: %s due at %s (%s)%n",
                id,
                timer,
                now.due(),
                left.isNegative() || left.isZero()
                    ? "due now"
                    : "in " + HumanDuration.format(left));
      }
      env.out().flush();
    }
  }

  @Command(
      name = "reschedule",
      description = "Move one armed timer of an instance to an instant (in the past: at once).")
  public static final class Reschedule extends Operation {
    @Option(
        names = "--to",
        required = true,
        paramLabel = "INSTANT",
        converter = InstantConverter.class,
        description = "when it is due: an ISO 8601 instant, e.g. 2026-12-24T09:00:00Z")
    Instant to;

    public Reschedule(CliEnvironment env) {
      super(env);
    }

    @Override
    String action() {
      return "timer.reschedule";
    }

    @Override
    Instance apply(InstanceTimers timers, Operator who, Map<String, Object> details) {
      details.put("to", to.toString());
      return timers.reschedule(timer, to, who, reason);
    }
  }

  @Command(name = "extend", description = "Put one armed timer of an instance off by a duration.")
  public static final class Extend extends Operation {
    @Option(
        names = "--by",
        required = true,
        paramLabel = "DURATION",
        converter = DurationConverter.class,
        description = "how much later: 3 days, 90m, PT36H")
    Duration by;

    public Extend(CliEnvironment env) {
      super(env);
    }

    @Override
    String action() {
      return "timer.extend";
    }

    @Override
    Instance apply(InstanceTimers timers, Operator who, Map<String, Object> details) {
      details.put("by", by.toString());
      return timers.extend(timer, by, who, reason);
    }
  }

  @Command(
      name = "fire",
      description =
          "Fire one armed timer of an instance now: its transition runs as a fire's would.")
  public static final class Fire extends Operation {
    public Fire(CliEnvironment env) {
      super(env);
    }

    @Override
    String action() {
      return "timer.fire";
    }

    @Override
    Instance apply(InstanceTimers timers, Operator who, Map<String, Object> details) {
      return timers.fireNow(timer, who, reason);
    }
  }

  @Command(
      name = "cancel",
      description = "Cancel one armed timer of an instance: it will not fire in this state entry.")
  public static final class Cancel extends Operation {
    public Cancel(CliEnvironment env) {
      super(env);
    }

    @Override
    String action() {
      return "timer.cancel";
    }

    @Override
    Instance apply(InstanceTimers timers, Operator who, Map<String, Object> details) {
      return timers.cancel(timer, who, reason);
    }
  }
}
