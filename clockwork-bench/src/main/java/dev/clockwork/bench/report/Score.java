package dev.clockwork.bench.report;

/**
 * One benchmark's result.
 *
 * @param benchmark class and method, e.g. {@code ToggleBenchmark.clockwork}
 * @param opsPerSecond the mean throughput
 * @param error the half-width of its 99.9% confidence interval (NaN with one iteration; very wide
 *     with the default three, where it is 31.6 standard errors)
 * @param deviation the standard deviation across measured iterations (NaN with one iteration)
 * @param bytesPerOp {@code gc.alloc.rate.norm}, NaN when the GC profiler was off
 * @param cpuNanosPerOp the benchmark thread's CPU time per operation ({@code cpu.time.norm} of
 *     {@link dev.clockwork.bench.harness.CpuTimeProfiler}), NaN when that profiler was off
 */
public record Score(
    String benchmark,
    double opsPerSecond,
    double error,
    double deviation,
    double bytesPerOp,
    double cpuNanosPerOp) {}
