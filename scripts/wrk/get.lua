-- A plain GET for wrk (the headers come from wrk -H); prints the RESULT line scripts/bench reads.
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.status + summary.errors.timeout
  io.write(string.format("RESULT rps=%.0f p50=%.2f p99=%.2f errors=%d requests=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, errors, summary.requests))
end
