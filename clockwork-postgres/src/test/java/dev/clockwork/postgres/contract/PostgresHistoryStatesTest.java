package dev.clockwork.postgres.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.HistoryStatesContractTest;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.Store;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link HistoryStatesContractTest} on embedded PostgreSQL, the second node on a store of its own;
 * and the column the record lives in: NULL until something is recorded.
 */
class PostgresHistoryStatesTest extends HistoryStatesContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }

  @Override
  protected Store anotherNodesStore(Store first) {
    return database.anotherStore();
  }

  @Test
  void theRecordIsNullUntilAStateWithAHistoryIsLeft() throws SQLException {
    Engine engine =
        Engine.builder()
            .store(newStore())
            .clock(VirtualClock.at(Instant.parse("2026-01-01T00:00:00Z")))
            .register(
                Machine.define("toggle")
                    .initial("on")
                    .state("on", s -> s.initial("a").history("h").state("a").on("OFF", "off"))
                    .state("off", s -> s.on("ON", "on.h"))
                    .build())
            .build();
    engine.create(NewInstance.of("toggle").id("t-1"));
    assertThat(historyStates("t-1")).isNull();

    engine.send("t-1", Event.of("OFF"));
    engine.close();

    assertThat(historyStates("t-1")).isEqualTo("{\"on.h\": [\"on.a\"]}");
  }

  private String historyStates(String id) throws SQLException {
    try (Connection connection = database.dataSource().getConnection();
        PreparedStatement select =
            connection.prepareStatement("SELECT history_states FROM cw_instances WHERE id = ?")) {
      select.setString(1, id);
      try (ResultSet rs = select.executeQuery()) {
        assertThat(rs.next()).isTrue();
        return rs.getString(1);
      }
    }
  }
}
