-- http.lua -- wrk script for bench/http.sh.
--
--   wrk -s bench/http.lua URL -- healthz
--   wrk -s bench/http.lua URL -- solve FILE        (one 81-character puzzle a line)
--   wrk -s bench/http.lua URL -- post PATH FILE    (the same bodies to another endpoint)
--
-- `solve` cycles through FILE's puzzles, each thread from its own offset, as
-- POST /v1/solve {"puzzle": "..."} bodies, prepared once in init() so the
-- loop only picks the next one; `post` sends them to PATH (/v1/hint, ...). Every response is counted by status: done()
-- prints one machine-readable line with the totals of all threads, which
-- bench/http.sh turns into its table:
--   RESULT requests=N duration_us=N rps=N p50_ms=N p90_ms=N p99_ms=N errors=N non2xx=N
-- errors are socket errors (connect, read, write, timeout).

local threads = {}

function setup(thread)
    table.insert(threads, thread)
    thread:set("id", #threads) -- a global of that thread's Lua state
end

function init(args)
    non2xx = 0
    responses = 0
    local mode = args[1] or "healthz"
    if mode == "healthz" then
        local req = wrk.format("GET", "/healthz")
        request = function() return req end
        return
    end
    local path, name = "/v1/solve", args[2]
    if mode == "post" then
        path, name = args[2], args[3]
    end
    local file = assert(io.open(name, "r"), "cannot open " .. tostring(name))
    local reqs = {}
    local headers = { ["Content-Type"] = "application/json" }
    for line in file:lines() do
        if line:match("^[%d.]+$") then
            reqs[#reqs + 1] = wrk.format("POST", path, headers,
                                         '{"puzzle":"' .. line .. '"}')
        end
    end
    file:close()
    assert(#reqs > 0, "no puzzles in " .. name)
    -- A different start per thread, so threads do not send the same puzzle
    -- at the same moment.
    local i = (id or 0) * 7919 % #reqs
    request = function()
        i = i % #reqs + 1
        return reqs[i]
    end
end

function response(status, headers, body)
    responses = responses + 1
    if status < 200 or status > 299 then
        non2xx = non2xx + 1
    end
end

function done(summary, latency, requests)
    local bad = 0
    for _, t in ipairs(threads) do
        bad = bad + (tonumber(t:get("non2xx")) or 0)
    end
    local e = summary.errors
    local seconds = summary.duration / 1e6
    io.write(string.format(
        "RESULT requests=%d duration_us=%d rps=%.0f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f errors=%d non2xx=%d\n",
        summary.requests, summary.duration, summary.requests / seconds,
        latency:percentile(50) / 1000, latency:percentile(90) / 1000,
        latency:percentile(99) / 1000,
        e.connect + e.read + e.write + e.timeout, bad))
end
