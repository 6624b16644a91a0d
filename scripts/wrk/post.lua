-- A form-encoded POST for wrk: BODY and, when set, TOKEN (the session, sent as the
-- Authorization header the ui sends) or COOKIE (sent as the Cookie header). BODIES, several bodies separated by '\n', are taken
-- in turn instead (search keywords that vary). CALLS, one call per line (the path under /ajax,
-- a space, the body), takes several calls in turn instead, and DELAY_MS makes each connection
-- wait that long before its next request: with c connections the rate is about
-- c * 1000 / (DELAY_MS + latency). Prints one RESULT line for scripts/bench.
local calls = {}
for line in string.gmatch(os.getenv("CALLS") or "", "[^\n]+") do
  local path, body = string.match(line, "^(%S+)%s*(.*)$")
  table.insert(calls, { path = "/ajax" .. path, body = body })
end
if #calls == 0 then
  for line in string.gmatch(os.getenv("BODIES") or os.getenv("BODY") or "", "[^\n]+") do
    table.insert(calls, { body = line })
  end
end
if #calls == 0 then calls = { { body = "" } } end
local pause = tonumber(os.getenv("DELAY_MS") or "0")

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
local token = os.getenv("TOKEN")
if token and token ~= "" then wrk.headers["Authorization"] = token end
-- COOKIE: a session the ui keeps in a cookie only (the recruiter site's com_token).
local cookie = os.getenv("COOKIE")
if cookie and cookie ~= "" then wrk.headers["Cookie"] = cookie end

local i = 0
request = function()
  i = i % #calls + 1
  return wrk.format(nil, calls[i].path, nil, calls[i].body)
end

if pause > 0 then
  delay = function()
    return pause
  end
end

done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.status + summary.errors.timeout
  io.write(string.format("RESULT rps=%.0f p50=%.2f p99=%.2f errors=%d requests=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, errors, summary.requests))
end
