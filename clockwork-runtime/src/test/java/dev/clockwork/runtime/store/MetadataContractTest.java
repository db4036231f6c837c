package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.instance.InstanceMetadata;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The store contract for instance metadata: a record's queue, labels, memo and search attributes
 * are stored as given and kept by commits; claims and {@link Store#nextDue} take the queues asked
 * for only; {@link Store#instances} finds instances by machine, labels and search attributes in id
 * order. Subclass it once per store.
 */
public abstract class MetadataContractTest extends StoreContract {
  private static final InstanceMetadata BILLING =
      new InstanceMetadata(
          "high-priority",
          Map.of("team", "billing", "tier", "gold"),
          Map.of("origin", "scheduled", "window", Map.of("days", List.of(1L, 2L))),
          Map.of("tenant_id", 42L, "region", "eu", "urgent", true));

  private static InstanceBuilder in(String id, String queue) {
    return instance(id).queue(queue);
  }

  private List<String> claimedIds(ClaimRequest request) {
    return store.work().claim(request).stream().map(c -> c.instance().id()).toList();
  }

  // ---- stored as given ----

  @Test
  void metadataIsStoredAsGivenAndKeptByCommits() {
    InstanceRecord record = create(instance("o-1").metadata(BILLING));
    enqueue("o-1", "PAY", T0);

    assertThat(store.instances().find("o-1").orElseThrow().metadata()).isEqualTo(BILLING);
    Claim claim = claim(T0).get(0);
    assertThat(claim.instance().metadata()).isEqualTo(BILLING);
    commitAll(update(claim).consumed(List.of(claim.events().get(0).id())));
    assertThat(store.instances().find("o-1").orElseThrow()).isEqualTo(record.withRevision(2));
  }

  @Test
  void anInstanceStoredWithoutMetadataIsInTheDefaultQueue() {
    create("o-1");

    assertThat(store.instances().find("o-1").orElseThrow().metadata())
        .isEqualTo(InstanceMetadata.DEFAULT);
  }

  // ---- claims and nextDue by queue ----

  @Test
  void claimsTakeTheInstancesOfTheQueuesAskedForOnly() {
    create(in("o-1", "default"), in("o-2", "high-priority"), in("o-3", "reports"));
    create(in("o-4", "high-priority").timers(timer("waiting", "EXPIRE", T0)));
    for (String id : List.of("o-1", "o-2", "o-3")) {
      enqueue(id, "PAY", T0);
    }

    assertThat(claimedIds(request(T0).withQueues(Set.of("reports")))).containsExactly("o-3");
    assertThat(claimedIds(request(T0).withQueues(Set.of("high-priority", "nothing"))))
        .containsExactlyInAnyOrder("o-2", "o-4");
    assertThat(claimedIds(request(T0).withQueues(Set.of()))).isEmpty();
    assertThat(claimedIds(request(T0))).containsExactly("o-1");
  }

  @Test
  void aClaimOfSomeQueuesServesThemByPriorityThenByHowLongTheWorkWaited() {
    create(in("o-1", "a"), in("o-2", "b"), in("o-3", "a"), in("o-4", "b"));
    enqueue("o-1", "PAY", T0.plusSeconds(3));
    enqueue("o-2", "PAY", T0.plusSeconds(1));
    enqueue("o-3", "PAY", T0.plusSeconds(2), Priority.HIGH);
    enqueue("o-4", "PAY", T0.plusSeconds(4));
    ClaimRequest two = request(T0.plusSeconds(5)).withQueues(Set.of("a", "b")).withMaxInstances(2);

    assertThat(claimedIds(two)).containsExactly("o-3", "o-2");
    assertThat(claimedIds(two)).containsExactly("o-1", "o-4");
  }

  @Test
  void underBackpressureAClaimOfSomeQueuesTakesAvailableEventsOnly() {
    create(in("o-1", "a").timers(timer("waiting", "EXPIRE", T0)), in("o-2", "a"));
    enqueue("o-2", "PAY", T0);
    ClaimRequest eventsOnly =
        new ClaimRequest("w1", LEASE, T0, 10, 10, Map.of("order", 10), false)
            .withQueues(Set.of("a"));

    assertThat(claimedIds(eventsOnly)).containsExactly("o-2");
  }

  @Test
  void nextDueLooksAtTheQueuesAskedForOnly() {
    create(in("o-1", "default"), in("o-2", "high-priority"));
    create(in("p-1", "high-priority").machine("invoice"));
    enqueue("o-1", "PAY", T0.plusSeconds(10));
    enqueue("o-2", "PAY", T0.plusSeconds(20));
    store
        .queue()
        .enqueue(QueuedEvent.of("p-1", "invoice", Event.of("SEND"), "api", T0.plusSeconds(15)));

    assertThat(store.work().nextDue(T0, Set.of("order"), Set.of("high-priority")))
        .contains(T0.plusSeconds(20));
    assertThat(store.work().nextDue(T0, Set.of("order", "invoice"), Set.of("high-priority")))
        .contains(T0.plusSeconds(15));
    assertThat(store.work().nextDue(T0, null, Set.of("high-priority")))
        .contains(T0.plusSeconds(15));
    assertThat(store.work().nextDue(T0, Set.of("order"), Set.of("reports"))).isEmpty();
    assertThat(store.work().nextDue(T0, Set.of("order"), Set.of())).isEmpty();
    assertThat(store.work().nextDue(T0, Set.of("order"), null)).contains(T0.plusSeconds(10));
  }

  // ---- finding instances ----

  @Test
  void instancesAreFoundByMachineLabelsAndSearchAttributesInIdOrder() {
    create(instance("o-2").metadata(BILLING));
    create(instance("o-1").metadata(meta(Map.of("team", "billing"), Map.of("tenant_id", 42.0))));
    create(instance("i-1").machine("invoice").metadata(meta(Map.of("team", "billing"), Map.of())));
    create(instance("o-3").metadata(meta(Map.of("team", "ops"), Map.of("tenant_id", "42"))));
    create("o-4");

    assertThat(found(query().label("team", "billing"))).containsExactly("i-1", "o-1", "o-2");
    assertThat(found(query().machine("order").label("team", "billing")))
        .containsExactly("o-1", "o-2");
    assertThat(found(query().labels(Map.of("team", "billing", "tier", "gold"))))
        .containsExactly("o-2");
    assertThat(found(query().searchAttribute("tenant_id", 42))).containsExactly("o-1", "o-2");
    assertThat(found(query().searchAttribute("tenant_id", "42"))).containsExactly("o-3");
    assertThat(found(query().searchAttribute("urgent", true).searchAttribute("region", "eu")))
        .containsExactly("o-2");
    assertThat(found(query().searchAttribute("urgent", false))).isEmpty();
    assertThat(found(query().machine("order"))).containsExactly("o-1", "o-2", "o-3", "o-4");
    assertThat(found(query().machine("order").after("o-1").limit(2))).containsExactly("o-2", "o-3");
    assertThat(found(query())).containsExactly("i-1", "o-1", "o-2", "o-3", "o-4");
  }

  @Test
  void foundInstancesComeBackWholeWithTheirMetadata() {
    InstanceRecord record = create(instance("o-1").metadata(BILLING));

    assertThat(store.instances().search(query().label("team", "billing").build()))
        .containsExactly(record);
  }

  private static InstanceMetadata meta(Map<String, String> labels, Map<String, Object> attributes) {
    return new InstanceMetadata("default", labels, Map.of(), attributes);
  }

  private static InstanceQuery.Builder query() {
    return InstanceQuery.builder();
  }

  private List<String> found(InstanceQuery.Builder query) {
    return store.instances().search(query.build()).stream().map(InstanceRecord::id).toList();
  }

  private void create(InstanceBuilder... builders) {
    for (InstanceBuilder builder : builders) {
      create(builder);
    }
  }
}
