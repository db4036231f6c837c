package dev.clockwork.postgres.internal;

import dev.clockwork.runtime.store.DefinitionStore;
import dev.clockwork.runtime.store.definition.DefinitionConflictException;
import dev.clockwork.runtime.store.definition.DeployedVersion;
import dev.clockwork.runtime.store.definition.StoredDefinition;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Deployed machine versions in {@code cw_machine_definitions} (V27). A deploy inserts unless the
 * version is there ({@code ON CONFLICT DO NOTHING}), then reads what is stored: nodes deploying one
 * version at once all get the first one's row, and a different document is a conflict.
 */
public final class DefinitionRows implements DefinitionStore {
  private static final String COLUMNS = "machine, version, document, digest, deployed_at";

  private static final String INSERT =
      "INSERT INTO cw_machine_definitions ("
          + COLUMNS
          + ") VALUES (?, ?, ?, ?, ?) ON CONFLICT (machine, version) DO NOTHING";

  private static final String FIND =
      "SELECT " + COLUMNS + " FROM cw_machine_definitions WHERE machine = ? AND version = ?";

  private static final String VERSIONS =
      "SELECT " + COLUMNS + " FROM cw_machine_definitions WHERE machine = ? ORDER BY version DESC";

  private static final String MACHINES =
      "SELECT DISTINCT machine FROM cw_machine_definitions ORDER BY machine";

  private static final String INDEX =
      "SELECT machine, version, digest FROM cw_machine_definitions ORDER BY machine, version";

  private static final String REMOVE =
      "DELETE FROM cw_machine_definitions WHERE machine = ? AND version = ?";

  private final Jdbc jdbc;

  public DefinitionRows(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public StoredDefinition deploy(StoredDefinition definition) {
    StoredDefinition stored =
        jdbc.autoCommit(
            "deploy version " + definition.version() + " of '" + definition.machine() + "'",
            connection -> {
              try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
                insert.setString(1, definition.machine());
                insert.setInt(2, definition.version());
                insert.setString(3, definition.document());
                insert.setString(4, definition.digest());
                OffsetDateTime deployedAt = Instants.notAfter(definition.deployedAt());
                insert.setObject(5, deployedAt);
                if (insert.executeUpdate() == 1) {
                  // as it will be read: to the microsecond
                  return new StoredDefinition(
                      definition.machine(),
                      definition.version(),
                      definition.document(),
                      definition.digest(),
                      deployedAt.toInstant());
                }
              }
              try (PreparedStatement find = connection.prepareStatement(FIND)) {
                find.setString(1, definition.machine());
                find.setInt(2, definition.version());
                return read(find).get(0);
              }
            });
    if (!stored.sameDocumentAs(definition)) {
      throw new DefinitionConflictException(definition.machine(), definition.version());
    }
    return stored;
  }

  @Override
  public Optional<StoredDefinition> find(String machine, int version) {
    return jdbc.autoCommit(
        "find version " + version + " of '" + machine + "'",
        connection -> {
          try (PreparedStatement find = connection.prepareStatement(FIND)) {
            find.setString(1, machine);
            find.setInt(2, version);
            return read(find).stream().findFirst();
          }
        });
  }

  @Override
  public List<StoredDefinition> versions(String machine) {
    return jdbc.autoCommit(
        "list the versions of '" + machine + "'",
        connection -> {
          try (PreparedStatement versions = connection.prepareStatement(VERSIONS)) {
            versions.setString(1, machine);
            return read(versions);
          }
        });
  }

  @Override
  public List<String> machines() {
    return jdbc.autoCommit(
        "list the deployed machines",
        connection -> {
          try (PreparedStatement machines = connection.prepareStatement(MACHINES);
              ResultSet rs = machines.executeQuery()) {
            List<String> ids = new ArrayList<>();
            while (rs.next()) {
              ids.add(rs.getString(1));
            }
            return ids;
          }
        });
  }

  @Override
  public List<DeployedVersion> index() {
    return jdbc.autoCommit(
        "list the deployed versions",
        connection -> {
          try (PreparedStatement index = connection.prepareStatement(INDEX);
              ResultSet rs = index.executeQuery()) {
            List<DeployedVersion> all = new ArrayList<>();
            while (rs.next()) {
              all.add(new DeployedVersion(rs.getString(1), rs.getInt(2), rs.getString(3)));
            }
            return all;
          }
        });
  }

  @Override
  public boolean remove(String machine, int version) {
    return jdbc.autoCommit(
        "remove version " + version + " of '" + machine + "'",
        connection -> {
          try (PreparedStatement remove = connection.prepareStatement(REMOVE)) {
            remove.setString(1, machine);
            remove.setInt(2, version);
            return remove.executeUpdate() == 1;
          }
        });
  }

  private static List<StoredDefinition> read(PreparedStatement select) throws SQLException {
    List<StoredDefinition> rows = new ArrayList<>();
    try (ResultSet rs = select.executeQuery()) {
      while (rs.next()) {
        rows.add(
            new StoredDefinition(
                rs.getString("machine"),
                rs.getInt("version"),
                rs.getString("document"),
                rs.getString("digest"),
                Instants.read(rs, "deployed_at")));
      }
    }
    return rows;
  }
}
