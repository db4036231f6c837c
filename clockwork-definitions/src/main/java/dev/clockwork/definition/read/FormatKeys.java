package dev.clockwork.definition.read;

import java.util.List;
import java.util.Map;

/**
 * The keys each place of a definition accepts, in the order the errors list them, and the keys the
 * format reserves but this version refuses ("not supported yet"). The published JSON Schema names
 * exactly these keys; a test keeps the two in step.
 */
public final class FormatKeys {
  /** Keys of a state; the machine (the root) accepts them too, except {@code type}. */
  public static final List<String> STATE =
      List.of(
          "type", "initial", "states", "entry", "exit", "on", "always", "onDone", "onFail",
          "invoke", "input");

  /** Keys only the machine (the root of the file) accepts, besides the state keys. */
  public static final List<String> MACHINE_ONLY =
      List.of(
          "id",
          "version",
          "zone",
          "context",
          "maxTransitionDepth",
          "overdue",
          "overdueAfter",
          "startOn",
          "requires");

  /** Keys of a transition written as a map. */
  public static final List<String> TRANSITION =
      List.of(
          "target",
          "guards",
          "actions",
          "branches",
          "after",
          "every",
          "at",
          "cycle",
          "cron",
          "timer",
          "timerFromContext",
          "max",
          "then",
          "zone",
          "dst",
          "overdue",
          "overdueAfter");

  /** Keys of one branch of a multi-branch transition. */
  public static final List<String> BRANCH = List.of("target", "guards", "actions");

  /** Keys of a built-in action written as a map in an {@code actions}/{@code entry} list. */
  public static final List<String> ACTION = List.of("raise", "assign", "emit", "log", "sendParent");

  /** Keys of an {@code emit} built-in action. */
  public static final List<String> EMIT =
      List.of("event", "machine", "instance", "mode", "payload");

  /** Keys of a {@code sendParent} built-in action written as a map. */
  public static final List<String> SEND_PARENT = List.of("event", "payload");

  /** Keys of a timer's daylight-saving policy. */
  public static final List<String> DST = List.of("gap", "overlap");

  /**
   * Keys of a history state ({@code type: history}); {@code target} and {@code actions} are its
   * default transition.
   */
  public static final List<String> HISTORY = List.of("type", "history", "target", "actions");

  /** The values of a history state's {@code history}. */
  public static final List<String> HISTORY_TYPES = List.of("shallow", "deep");

  /** The {@code type} of a history state, which the schema describes apart from the others. */
  public static final String HISTORY_TYPE = "history";

  /** Keys of a guard written as a map in a {@code guards} list: {@code {in: <state path>}}. */
  public static final List<String> GUARD = List.of("in");

  /** The values of a state's {@code type} (besides {@link #HISTORY_TYPE}). */
  public static final List<String> STATE_TYPES = List.of("atomic", "compound", "parallel", "final");

  /** Stands for the machine's id in the fixes below; the reader puts the id in. */
  public static final String MACHINE_ID = "<id>";

  private static final String QUEUE_FIX =
      "a machine's queue is set where the engine runs it: in clockwork.yaml under"
          + " clockwork.machines.<id>.queue (name, concurrency, retry, …), or in code with"
          + " Engine.builder().settings(s -> s.machine(\"<id>\", m -> m.queue(q -> …)));"
          + " move it there and remove 'queue' from this file";

  private static final String PARALLEL_DISPATCH_FIX =
      "a machine's parallel dispatch is set where the engine runs it: in clockwork.yaml under"
          + " clockwork.machines.<id>.parallel_dispatch, or in code with"
          + " Engine.builder().settings(s -> s.machine(\"<id>\", m -> m.parallelDispatch(p ->"
          + " …))); move it there and remove 'parallelDispatch' from this file";

  /** Keys of the machine the format reserves for later versions, with what to do meanwhile. */
  public static final Map<String, String> MACHINE_NOT_YET =
      Map.of(
          "queue", QUEUE_FIX,
          "parallelDispatch", PARALLEL_DISPATCH_FIX,
          "validate", "register event validators with the Java builder's validate(…)");

  /** Built-in actions the format reserves for later versions. */
  public static final Map<String, String> ACTION_NOT_YET = Map.of();

  /** Keys of a state the format reserves for later versions. */
  public static final Map<String, String> STATE_NOT_YET = Map.of();

  private FormatKeys() {}
}
