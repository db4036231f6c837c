package dev.clockwork.bench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ThreadCpuTest {
  @Test
  void theJvmsOwnThreadsAreGroupedByTheirLinuxNames() {
    assertThat(ThreadCpu.vmGroup("C2 CompilerThre")).isEqualTo(ThreadCpu.JIT);
    assertThat(ThreadCpu.vmGroup("C1 CompilerThre")).isEqualTo(ThreadCpu.JIT);
    assertThat(ThreadCpu.vmGroup("GC Thread#1")).isEqualTo(ThreadCpu.GC);
    assertThat(ThreadCpu.vmGroup("G1 Conc#0")).isEqualTo(ThreadCpu.GC);
    assertThat(ThreadCpu.vmGroup("VM Thread")).isEqualTo(ThreadCpu.VM);
    assertThat(ThreadCpu.vmGroup("VM Periodic Tas")).isEqualTo(ThreadCpu.VM);
    assertThat(ThreadCpu.vmGroup("clockwork-regio")).isNull(); // Java threads: ThreadMXBean's
  }
}
