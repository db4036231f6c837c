package dev.clockwork.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JsonKindsTest {
  @Test
  void javaTypeNamesBecomeJsonKinds() {
    assertThat(
            JsonKinds.withoutJavaTypes(
                "Cannot deserialize value of type `java.lang.String` from Object value"))
        .isEqualTo("Cannot deserialize value of type text from Object value");
    assertThat(
            JsonKinds.withoutJavaTypes(
                "Cannot construct instance of `dev.clockwork.server.api.queue.RetryBody`"
                    + " and `java.util.Map<java.lang.String,java.lang.Object>`"))
        .isEqualTo("Cannot construct instance of value and object")
        .doesNotContain("dev.clockwork", "java.");
    assertThat(
            JsonKinds.withoutJavaTypes(
                "Unrecognized field \"ids\" (class dev.clockwork.server.api.queue.Body), not"
                    + " marked as ignorable"))
        .isEqualTo("Unrecognized field \"ids\", not marked as ignorable");
  }
}
