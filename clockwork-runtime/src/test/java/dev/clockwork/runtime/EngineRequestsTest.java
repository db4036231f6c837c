package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.error.UnknownMachineException;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.store.HistoryEntry;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The engine's request values ({@link NewInstance}, {@link EventRequest}, {@link HistoryQuery}) and
 * its grouped operations: what each request asks for is what the engine does, and a wrong request
 * is refused naming the culprit and the fix.
 */
class EngineRequestsTest {
  private static final MachineDefinition JOB =
      Machine.define("job")
          .initial("idle")
          .state("idle", s -> s.on("GO", t -> t.to("done")).on("NOTE", t -> t.action(x -> {})))
          .state("done")
          .build();
  private static final MachineDefinition AUDIT =
      Machine.define("audit")
          .initial("open")
          .state("open", s -> s.on("CLOSE", t -> t.to("closed")))
          .state("closed")
          .build();

  private final Engine engine = Engine.builder().register(JOB, AUDIT).build();

  @Test
  void theEngineKeepsTwentyPublicMethodsAtMost() {
    List<String> methods =
        Arrays.stream(Engine.class.getDeclaredMethods())
            .filter(m -> Modifier.isPublic(m.getModifiers()) && !m.isSynthetic())
            .map(Method::getName)
            .toList();
    assertThat(methods).hasSizeLessThanOrEqualTo(20);
  }

  @Test
  void aNewInstanceIsAValueEachSetterCopies() {
    NewInstance base = NewInstance.of("job");
    NewInstance labelled = base.label("team", "billing").label("tier", "gold");

    assertThat(base.labels()).isEmpty();
    assertThat(labelled.labels())
        .containsExactly(Map.entry("team", "billing"), Map.entry("tier", "gold"));
    assertThat(labelled.id()).isNull();
    assertThat(labelled.input()).isEmpty();
  }

  @Test
  void everythingANewInstanceNamesIsWhatTheInstanceCarries() {
    Instance created =
        engine.create(
            NewInstance.of("job")
                .id("job-1")
                .input(Map.of("amount", 120))
                .queue("high-priority")
                .label("team", "billing")
                .memo("origin", "backoffice")
                .searchAttribute("tenant_id", 42)
                .conversation("conv-7")
                .origin(Event.of("Imported", Map.of("batch", 3))));

    assertThat(created.id()).isEqualTo("job-1");
    assertThat(created.context()).containsEntry("amount", 120);
    assertThat(created.queue()).isEqualTo("high-priority");
    assertThat(created.labels()).containsEntry("team", "billing");
    assertThat(created.memo()).containsEntry("origin", "backoffice");
    assertThat(created.searchAttributes()).containsEntry("tenant_id", 42);
    assertThat(created.conversationId()).isEqualTo("conv-7");
    HistoryEntry first = engine.instances().history(HistoryQuery.all("job-1")).get(0);
    assertThat(first.kind()).isEqualTo(HistoryEntry.Kind.ORIGIN);
    assertThat(first.event()).isEqualTo("Imported");
  }

  @Test
  void createAllPutsAnInstanceInTheConversationItNames() {
    List<CreateOutcome> outcomes =
        engine.createAll(
            List.of(
                NewInstance.of("job").id("a").conversation("conv-1"),
                NewInstance.of("audit").id("b").conversation("conv-1"),
                NewInstance.of("job").id("c").conversation("bad/id")));

    assertThat(outcomes).extracting(CreateOutcome::created).containsExactly(true, true, false);
    assertThat(engine.instances().inConversation("conv-1", "audit"))
        .map(Instance::id)
        .contains("b");
    assertThat(outcomes.get(2).failure())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("conversation id 'bad/id' is not allowed");
  }

  @Test
  void aWrongNewInstanceIsRefusedNamingTheFieldAndTheKey() {
    assertThatThrownBy(() -> NewInstance.of("job").queue(" urgent"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("queue ' urgent' has spaces around it");
    assertThatThrownBy(() -> NewInstance.of("job").memo(Map.of("", 1)))
        .hasMessageContaining("memo")
        .hasMessageContaining("keys must be non-blank texts");
    assertThatThrownBy(() -> NewInstance.of(null)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void anEventRequestCarriesItsKeyPriorityAndSourceIntoTheQueue() {
    engine.create(NewInstance.of("job").id("job-1"));
    EventRequest request =
        EventRequest.to("job-1", Event.of("GO"))
            .idempotencyKey("go-1")
            .priority(Priority.HIGH)
            .source("api:alice");

    long first = engine.enqueue(request).id();
    long again = engine.enqueue(request).id();

    assertThat(again).isEqualTo(first);
    assertThat(engine.instances().pendingEvents("job-1")).isEqualTo(1);
    assertThat(engine.admin().queues().queuedEvents("job", 10))
        .singleElement()
        .satisfies(queued -> assertThat(queued.source()).isEqualTo("api:alice"));
  }

  @Test
  void aSendRefusesWhatOnlyQueuedEventsCarry() {
    engine.create(NewInstance.of("job").id("job-1"));
    EventRequest go = EventRequest.to("job-1", Event.of("GO"));

    assertThatThrownBy(() -> engine.send(go.priority(Priority.HIGH)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("priority high orders queued events")
        .hasMessageContaining("enqueue the request");
    assertThatThrownBy(() -> engine.send(go.source("cron")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("source 'cron' is kept with queued events")
        .hasMessageContaining("leave its source out");
    assertThatThrownBy(() -> go.source(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("source is blank; name who sends the event, such as api");
    assertThat(engine.send(go.idempotencyKey("go-1")).instance().states()).containsExactly("done");
  }

  @Test
  void aHistoryQueryReadsAllAPageOrOneType() {
    engine.create(NewInstance.of("job").id("job-1"));
    engine.send("job-1", Event.of("NOTE"));
    engine.send("job-1", Event.of("NOTE"));
    engine.send("job-1", Event.of("GO"));
    List<HistoryEntry> all = engine.instances().history(HistoryQuery.all("job-1"));

    List<HistoryEntry> page = engine.instances().history(HistoryQuery.page("job-1", 0, 2));
    List<HistoryEntry> next =
        engine.instances().history(HistoryQuery.page("job-1", page.get(1).sequence(), 2));
    List<HistoryEntry> notes = engine.instances().history(HistoryQuery.ofType("job-1", "NOTE"));

    assertThat(page).containsExactlyElementsOf(all.subList(0, 2));
    assertThat(next).containsExactlyElementsOf(all.subList(2, Math.min(4, all.size())));
    assertThat(notes).hasSize(2).allMatch(row -> row.event().equals("NOTE"));
    assertThat(new HistoryQuery("job-1", 0, 1, "NOTE"))
        .satisfies(q -> assertThat(engine.instances().history(q)).hasSize(1));
    assertThatThrownBy(() -> HistoryQuery.page("job-1", -1, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "history pages start after a sequence of 0 or more and hold 1 row or more, not after"
                + " -1 with 10");
  }

  @Test
  void runDueRunsTheMachinesItNamesOrEveryOne() {
    engine.create(NewInstance.of("job").id("job-1"));
    engine.create(NewInstance.of("audit").id("audit-1"));
    engine.enqueue("job-1", Event.of("GO"));
    engine.enqueue("audit-1", Event.of("CLOSE"));

    assertThat(engine.runDue("audit")).isEqualTo(1);
    assertThat(engine.instances().get("job-1").states()).containsExactly("idle");
    assertThat(engine.runDue()).isEqualTo(1);
    assertThat(engine.instances().get("job-1").states()).containsExactly("done");
    assertThatThrownBy(() -> engine.runDue("job", "nope"))
        .isInstanceOf(UnknownMachineException.class)
        .hasMessageContaining("nope");
  }

  @Test
  void theMachinesAreListedSortedAndTheNewestVersionIsRead() {
    engine
        .machines()
        .register(Machine.define("job").version(2).initial("idle").state("idle").build());

    assertThat(engine.machines().ids()).containsExactly("audit", "job");
    assertThat(engine.machines().latest("job").version()).isEqualTo(2);
  }
}
