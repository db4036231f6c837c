package dev.clockwork.postgres.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The batched statements cast their text columns to jsonb and timestamptz element by element, after
 * the unnest, never as whole arrays (see {@link Columns}: an array cast cost a history insert 2.8
 * times its work). Every statement text the store's classes hold is checked.
 */
class ArrayCastsTest {
  private static final Pattern ARRAY_CAST =
      Pattern.compile("AS\\s+(jsonb|json|timestamptz|timestamp)\\[\\]");

  @Test
  void noStatementCastsATextArrayToJsonOrInstants() throws Exception {
    List<String> statements = statementsOfTheStore();
    assertThat(statements).hasSizeGreaterThan(50);
    assertThat(statements)
        .as("statements casting a whole array to jsonb[] or timestamptz[]")
        .noneMatch(sql -> ARRAY_CAST.matcher(sql).find());
  }

  @Test
  void thePatternFindsTheCastItForbids() {
    assertThat(ARRAY_CAST.matcher("unnest(CAST(CAST(? AS text[]) AS jsonb[]))").find()).isTrue();
    assertThat(ARRAY_CAST.matcher("CAST(CAST(? AS text[]) AS timestamptz[])").find()).isTrue();
    assertThat(
            ARRAY_CAST.matcher("SELECT CAST(u.at AS timestamptz) FROM unnest(CAST(? AS text[]))"))
        .matches(m -> !m.find());
  }

  /** Every static String constant of every class under dev.clockwork.postgres. */
  private static List<String> statementsOfTheStore()
      throws IOException, URISyntaxException, ClassNotFoundException, IllegalAccessException {
    Path classes =
        Path.of(Columns.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path root = classes.resolve("dev/clockwork/postgres");
    List<String> statements = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
        String name = classes.relativize(file).toString().replace('/', '.').replace(".class", "");
        Class<?> type = Class.forName(name, false, ArrayCastsTest.class.getClassLoader());
        for (Field field : type.getDeclaredFields()) {
          if (Modifier.isStatic(field.getModifiers())
              && field.getType() == String.class
              && !field.isSynthetic()) {
            field.setAccessible(true);
            Object value = field.get(null);
            if (value != null) {
              statements.add((String) value);
            }
          }
        }
      }
    }
    return statements;
  }
}
