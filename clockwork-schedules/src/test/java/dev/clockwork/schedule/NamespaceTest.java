package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.store.DuplicateScheduleException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Schedule ids are unique per namespace; the default namespace comes from the engine's {@code
 * schedules.namespace} setting, or from the options.
 */
class NamespaceTest {
  ScheduleFixture fixture = ScheduleFixture.at("2026-03-01T12:00:00Z");

  static ScheduleRequest.Builder dailySync() {
    return ScheduleRequest.builder("daily-sync").startMachine("pulse", Map.of()).cron("0 2 * * *");
  }

  @Test
  void theSameIdLivesInTwoNamespaces() {
    fixture.schedules.create(dailySync().build());
    ScheduleDescription billing =
        fixture.schedules.create(dailySync().namespace("billing").build());
    assertThat(billing.namespace()).isEqualTo("billing");
    assertThat(fixture.schedules.in("billing").find("daily-sync")).isPresent();
    assertThat(fixture.schedules.find("daily-sync").orElseThrow().namespace()).isEqualTo("default");
    assertThat(fixture.schedules.in("ops").find("daily-sync")).isEmpty();
  }

  @Test
  void refusesADuplicateIdEvenAfterDeletion() {
    fixture.schedules.create(dailySync().build());
    assertThatThrownBy(() -> fixture.schedules.create(dailySync().build()))
        .isInstanceOf(DuplicateScheduleException.class)
        .hasMessageContaining("already exists");
    fixture.schedules.delete("daily-sync");
    assertThatThrownBy(() -> fixture.schedules.create(dailySync().build()))
        .isInstanceOf(DuplicateScheduleException.class);
  }

  @Test
  void eachNamespacesRunIsAnInstanceOfThatNamespace() {
    fixture.schedules.create(dailySync().build());
    fixture.schedules.in("billing").create(dailySync().build());
    String run = "schedule:daily-sync:2026-03-02T02:00:00Z";
    assertThat(fixture.tickAt("2026-03-02T02:00:00Z"))
        .extracting(TickResult::namespace, TickResult::instanceId)
        .containsExactlyInAnyOrder(tuple("default", run), tuple("billing", run));
    assertThat(fixture.engine.instances().get(run).namespace()).isEqualTo("default");
    assertThat(fixture.engine.namespace("billing").instances().get(run).namespace())
        .isEqualTo("billing");
    assertThat(fixture.engine.namespace("ops").instances().statuses(List.of(run))).isEmpty();
  }

  @Test
  void theDefaultNamespaceIsConfigurable() {
    ScheduleFixture configured =
        ScheduleFixture.at("2026-03-01T12:00:00Z", o -> o.defaultNamespace("tenant-a"));
    ScheduleDescription created = configured.schedules.create(dailySync().build());
    assertThat(created.namespace()).isEqualTo("tenant-a");
    // the run is an instance of the schedule's namespace, whatever a node's configured default
    String run = configured.tickAt("2026-03-02T02:00:00Z").get(0).instanceId();
    assertThat(run).isEqualTo("schedule:daily-sync:2026-03-02T02:00:00Z");
    assertThat(configured.engine.namespace("tenant-a").instances().get(run).namespace())
        .isEqualTo("tenant-a");
    assertThat(configured.engine.instances().statuses(List.of(run))).isEmpty();
  }

  @Test
  void theEnginesScheduleNamespaceSettingIsTheDefaultInCodeAndInTheFile() {
    Engine inCode =
        Engine.builder().settings(s -> s.schedules(n -> n.namespace("tenant-b"))).build();
    Engine inFile =
        Engine.builder()
            .config(Settings.parse("schedules:\n  namespace: tenant-c\n", "clockwork.yaml"))
            .build();

    assertThat(Schedules.builder(inCode).build().namespace()).isEqualTo("tenant-b");
    assertThat(Schedules.builder(inFile).build().namespace()).isEqualTo("tenant-c");
    assertThat(Schedules.builder(inFile).options(o -> o.upcomingCount(3)).build().namespace())
        .as("changing other options keeps the engine's namespace")
        .isEqualTo("tenant-c");
    assertThat(Schedules.builder(Engine.builder().build()).build().namespace())
        .isEqualTo("default");
  }
}
