package dev.clockwork.postgres.schedule;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/** How error messages name the database: its URL without credentials or parameters. */
final class Where {
  private Where() {}

  static String describe(DataSource dataSource) {
    try (Connection connection = dataSource.getConnection()) {
      String url = connection.getMetaData().getURL();
      int parameters = url.indexOf('?');
      String bare = parameters < 0 ? url : url.substring(0, parameters);
      return bare.replaceAll("//[^/@]*@", "//");
    } catch (SQLException | RuntimeException e) {
      return "the given " + dataSource.getClass().getSimpleName();
    }
  }
}
