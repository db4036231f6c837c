package dev.clockwork.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /api/machines/{machine}/migrations}: dry run by default, then the run; admin only.
 */
class MigrationRoutesTest {
  private static final MachineDefinition V1 =
      Machine.define("parcel")
          .initial("waiting")
          .state("waiting", s -> s.on("PACK", "packing"))
          .state("packing")
          .build();
  private static final MachineDefinition V2 =
      Machine.define("parcel")
          .version(2)
          .initial("waiting")
          .state("waiting", s -> s.on("PACK", "boxing"))
          .state("boxing")
          .build();

  static final ApiFixture API = ApiFixture.start(b -> b.register(V1));

  @AfterAll
  static void stop() {
    API.close();
  }

  @BeforeEach
  void reset() {
    API.reset();
  }

  @Test
  void aDryRunByDefaultThenTheRunAudited() {
    API.engine().create(NewInstance.of("parcel").id("p-1"));
    API.engine().send("p-1", Event.of("PACK"));
    API.engine().machines().deploy(V2); // deployed after the instance started on version 1

    String body = "{\"from\": 1, \"to\": 2, \"map\": [\"packing=boxing\"]}";
    ApiFixture.Response dry = API.post("/api/machines/parcel/migrations", ApiFixture.ADMIN, body);

    assertThat(dry.status()).as(dry.body()).isEqualTo(200);
    JsonNode plan = dry.json();
    assertThat(plan.get("dry_run").asBoolean()).isTrue();
    assertThat(plan.get("configurations").get("packing").asInt()).isEqualTo(1);
    assertThat(API.engine().instances().get("p-1").version()).isEqualTo(1);

    ApiFixture.Response run =
        API.post(
            "/api/machines/parcel/migrations",
            ApiFixture.ADMIN,
            body.replace("}", ", \"dry_run\": false}"));
    assertThat(run.json().get("migrated").asInt()).isEqualTo(1);
    assertThat(API.engine().instances().get("p-1").states()).containsExactly("boxing");
    assertThat(API.engine().admin().operatorLog().latest(null, 1).get(0).action())
        .isEqualTo("machine.migrate");
  }

  @Test
  void anOperatorMayNotAndMistakesAreNamed() {
    assertThat(
            API.post(
                    "/api/machines/parcel/migrations",
                    ApiFixture.OPERATOR,
                    "{\"from\": 1, \"to\": 2}")
                .status())
        .isEqualTo(403);
    ApiFixture.Response noVersions =
        API.post("/api/machines/parcel/migrations", ApiFixture.ADMIN, "{\"map\": []}");
    assertThat(noVersions.status()).isEqualTo(400);
    ApiFixture.Response badMap =
        API.post(
            "/api/machines/parcel/migrations",
            ApiFixture.ADMIN,
            "{\"from\": 1, \"to\": 2, \"map\": [\"packing\"]}");
    assertThat(badMap.status()).isEqualTo(400);
    assertThat(badMap.json().get("detail").asText()).contains("old.path=new.path");
  }
}
