package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.Namespace;
import dev.clockwork.runtime.SendResult;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code clockwork instance create|send|enqueue}: starting an instance and giving it events from
 * the command line, with a payload as JSON text, a file or {@code key=value} pairs.
 */
public final class InstanceWriteCommands {
  private InstanceWriteCommands() {}

  /** The JSON object options of create ({@code --input}) and send/enqueue ({@code --payload}). */
  public static final class ObjectOptions {
    @Option(
        names = {"--payload", "--input"},
        paramLabel = "JSON",
        description = "a JSON object, e.g. '{\"amount\": 10}'")
    String text;

    @Option(
        names = {"--payload-file", "--input-file"},
        paramLabel = "FILE",
        description = "a file holding a JSON object")
    Path file;

    @Option(
        names = "--set",
        paramLabel = "KEY=VALUE",
        description = "one key (repeat it): the value as JSON when it is (10, true), else as text")
    Map<String, String> pairs;

    /** The object; a mistake is a bad argument of {@code command} (usage, exit code 2). */
    Map<String, Object> object(CommandSpec command) {
      try {
        return JsonArgument.object("--payload", text, "--payload-file", file, pairs);
      } catch (IllegalArgumentException e) {
        throw new ParameterException(command.commandLine(), e.getMessage());
      }
    }
  }

  /** {@code instance create MACHINE}. */
  @Command(
      name = "create",
      description = {
        "Create an instance of MACHINE (its initial states are entered, their entry actions run) and"
            + " print it. Without --id it gets a random id."
      })
  public static final class Create implements Callable<Integer> {
    private final CliEnvironment env;

    @Spec CommandSpec spec;
    @Mixin DatabaseOptions database;
    @Mixin OutputOption output;
    @Mixin InstanceNamespace namespace;
    @Mixin ObjectOptions input;

    @Parameters(index = "0", paramLabel = "MACHINE", description = "the machine (order or @order)")
    String machine;

    @Option(names = "--id", paramLabel = "ID", description = "the instance's id")
    String id;

    public Create(CliEnvironment env) {
      this.env = env;
    }

    @Override
    public Integer call() throws Exception {
      Map<String, Object> values = input.object(spec);
      String name = machine.startsWith("@") ? machine.substring(1) : machine;
      String chosen = namespace.name();
      try (OpenDatabase opened = OpenDatabase.open(env, database)) {
        NewInstance request = NewInstance.of(name).input(values);
        if (id != null) {
          request = request.id(id);
        }
        Instance created = opened.engine(env.machines()).namespace(chosen).create(request);
        print(env, output, created, "created");
        return 0;
      }
    }
  }

  /** What send and enqueue share: the instance, the event, its payload. */
  public abstract static class EventCommand implements Callable<Integer> {
    final CliEnvironment env;

    @Spec CommandSpec spec;
    @Mixin DatabaseOptions database;
    @Mixin OutputOption output;
    @Mixin InstanceNamespace namespace;
    @Mixin ObjectOptions payload;

    @Parameters(index = "0", paramLabel = "ID", description = "the instance id")
    String id;

    @Parameters(index = "1", paramLabel = "EVENT", description = "the event type, e.g. PAY")
    String type;

    EventCommand(CliEnvironment env) {
      this.env = env;
    }

    abstract void deliver(Namespace view, EventRequest request);

    @Override
    public Integer call() throws Exception {
      Event event = Event.of(type, payload.object(spec));
      String chosen = namespace.name();
      try (OpenDatabase opened = OpenDatabase.open(env, database)) {
        Namespace view = opened.engine(env.machines()).namespace(chosen);
        try {
          deliver(view, EventRequest.to(id, event));
        } catch (UnknownInstanceException e) {
          throw new ClockworkException(namespace.missing(id));
        }
        return 0;
      }
    }
  }

  /** {@code instance send ID EVENT}: processed now. */
  @Command(
      name = "send",
      description = {
        "Process EVENT on instance ID now, under its lease, and print the states it is in after."
            + " Exit code 1 when no transition of its states takes the event (nothing changes)."
      })
  public static final class Send extends EventCommand {
    public Send(CliEnvironment env) {
      super(env);
    }

    @Override
    void deliver(Namespace view, EventRequest request) {
      SendResult result = view.send(request);
      if (!result.handled()) {
        throw new ClockworkException(
            "instance '"
                + id
                + "' took no transition for "
                + type
                + " in "
                + result.instance().states()
                + "; nothing changed");
      }
      print(env, output, result.instance(), "sent " + type + " to");
    }
  }

  /** {@code instance enqueue ID EVENT}: queued for the workers. */
  @Command(
      name = "enqueue",
      description = {
        "Append EVENT to instance ID's queue (durable when this returns) and print its event id;"
            + " the workers of a running `clockwork dev` or `clockwork server` process it."
            + " `clockwork instance event ID EVENT_ID` shows what became of it."
      })
  public static final class Enqueue extends EventCommand {
    public Enqueue(CliEnvironment env) {
      super(env);
    }

    @Override
    void deliver(Namespace view, EventRequest request) {
      QueuedEvent queued = view.enqueue(request);
      if (output.json()) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("instance_id", id);
        result.put("event_id", queued.id());
        result.put("type", type);
        result.put("available_at", queued.availableAt());
        Json.print(env.out(), result);
        return;
      }
      env.out().printf("queued %s for %s as event %d%n", type, id, queued.id());
      env.out().flush();
    }
  }

  private static void print(
      CliEnvironment env, OutputOption output, Instance instance, String did) {
    if (output.json()) {
      Map<String, Object> result = new LinkedHashMap<>();
      result.put("id", instance.id());
      result.put("machine", instance.machine());
      result.put("version", instance.version());
      result.put("states", instance.states());
      result.put("context", instance.context());
      result.put("status", instance.status());
      Json.print(env.out(), result);
      return;
    }
    env.out()
        .printf(
            "%s %s (%s v%d): %s%n",
            did, instance.id(), instance.machine(), instance.version(), instance.states());
    env.out().flush();
  }
}
