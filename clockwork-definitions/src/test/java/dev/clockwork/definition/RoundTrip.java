package dev.clockwork.definition;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.MachineDefinition;

/**
 * Writes a machine in both forms, reads each back and writes it again: the texts must be equal, and
 * the YAML and JSON readings must write the same. Returns the machine read back from YAML, so a
 * test driving it checks the written machine behaves as the one written.
 */
final class RoundTrip {
  private RoundTrip() {}

  static MachineDefinition of(MachineDefinition definition) {
    String yaml = MachineFormat.yaml().write(definition);
    MachineDefinition fromYaml = MachineFormat.yaml().read("written.yaml", yaml, Drive.BEHAVIORS);
    assertThat(MachineFormat.yaml().write(fromYaml)).isEqualTo(yaml);
    String json = MachineFormat.json().write(definition);
    MachineDefinition fromJson = MachineFormat.json().read("written.json", json, Drive.BEHAVIORS);
    assertThat(MachineFormat.json().write(fromJson)).isEqualTo(json);
    assertThat(MachineFormat.yaml().write(fromJson)).isEqualTo(yaml);
    return fromYaml;
  }
}
