-- A form-encoded POST for wrk: BODY and, when set, TOKEN (the session, sent as the
-- Authorization header the ui sends). BODIES, several bodies separated by '\n', are taken
-- in turn instead (search keywords that vary). Prints one RESULT line for scripts/bench.
local bodies = {}
for line in string.gmatch(os.getenv("BODIES") or os.getenv("BODY") or "", "[^\n]+") do
  table.insert(bodies, line)
end
if #bodies == 0 then bodies = { "" } end

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
local token = os.getenv("TOKEN")
if token and token ~= "" then wrk.headers["Authorization"] = token end

local i = 0
request = function()
  i = i % #bodies + 1
  return wrk.format(nil, nil, nil, bodies[i])
end

done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.status + summary.errors.timeout
  io.write(string.format("RESULT rps=%.0f p50=%.2f p99=%.2f errors=%d requests=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, errors, summary.requests))
end
