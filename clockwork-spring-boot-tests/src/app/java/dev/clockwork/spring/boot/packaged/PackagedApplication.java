package dev.clockwork.spring.boot.packaged;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The smallest Boot application with Clockwork: one machine and the starter, packaged by {@code
 * spring-boot-maven-plugin} into an executable jar (every dependency a jar nested in it) that
 * {@code PackagedJarIT} starts with {@code java -jar} and {@code clockwork.server.enabled=true}. No
 * database: the store is chosen with {@code clockwork.store=memory}.
 */
@SpringBootApplication(
    excludeName = {
      "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration",
      "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration"
    })
public class PackagedApplication {
  public static void main(String[] args) {
    SpringApplication.run(PackagedApplication.class, args);
  }

  /** {@code door}: {@code OPEN} opens it, {@code CLOSE} closes it again. */
  @Bean
  MachineDefinition door() {
    return Machine.define("door")
        .initial("closed")
        .state("closed", s -> s.on("OPEN", t -> t.to("open")))
        .state("open", s -> s.on("CLOSE", t -> t.to("closed")))
        .build();
  }
}
