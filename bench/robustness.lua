-- robustness.lua -- wrk script for bench/robustness.sh.
--
--   wrk -s bench/robustness.lua URL -- healthz
--   wrk -s bench/robustness.lua URL -- soak FILE DELAY_MS
--
-- `soak` cycles through FILE's 81-character puzzles as POST /v1/solve
-- bodies and makes every 10th request an invalid one (malformed JSON, wrong
-- types, unknown keys, bad symbols, conflicting givens, a wrong media type),
-- each of which must be answered 4xx. DELAY_MS is wrk's per-connection pause
-- before each request: robustness.sh sets it so the load is about half the
-- measured capacity (wrk itself has no rate option). Every response is
-- counted by status class; done() prints one machine-readable line with the
-- totals of all threads:
--   RESULT requests=N duration_us=N rps=N p50_ms=N p99_ms=N errors=N
--          s2xx=N s4xx=N s5xx=N other=N invalid_sent=N
-- errors are socket errors (connect, read, write, timeout).

local threads = {}

function setup(thread)
    table.insert(threads, thread)
    thread:set("id", #threads)
end

local invalid_bodies = {
    { "application/json", '{"puzzle":"4.....8.5.3..' },                     -- truncated
    { "application/json", '{"puzzle":"' .. string.rep(".", 81) .. '"} x' }, -- trailing data
    { "application/json", '{"puzzle":5}' },                                -- wrong type
    { "application/json", '{"puzzle":"' .. string.rep(".", 81) .. '","max_solution":1}' },
    { "application/json", '{"puzzle":"' .. string.rep(".", 80) .. '"}' },  -- 80 cells
    { "application/json", '{"puzzle":"x' .. string.rep(".", 80) .. '"}' }, -- bad symbol
    { "application/json", '{"puzzle":"55' .. string.rep(".", 79) .. '"}' }, -- conflicting: 422
    { "application/json", '{"puzzle":"' .. string.rep(".", 81) .. '","max_solutions":0}' },
    { "application/json", string.rep("[", 1000) },                         -- deep nesting
    { "text/plain", '{"puzzle":"' .. string.rep(".", 81) .. '"}' },        -- 415
}

function init(args)
    s2xx, s4xx, s5xx, other, invalid_sent = 0, 0, 0, 0, 0
    local mode = args[1] or "healthz"
    if mode == "healthz" then
        local req = wrk.format("GET", "/healthz")
        request = function() return req end
        return
    end
    local file = assert(io.open(args[2], "r"), "cannot open " .. tostring(args[2]))
    local valid = {}
    local headers = { ["Content-Type"] = "application/json" }
    for line in file:lines() do
        if line:match("^[%d.]+$") and #line == 81 then
            valid[#valid + 1] = wrk.format("POST", "/v1/solve", headers,
                                           '{"puzzle":"' .. line .. '","max_solutions":1}')
        end
    end
    file:close()
    assert(#valid > 0, "no puzzles in " .. args[2])
    local invalid = {}
    for _, b in ipairs(invalid_bodies) do
        invalid[#invalid + 1] = wrk.format("POST", "/v1/solve", { ["Content-Type"] = b[1] }, b[2])
    end
    local pause = tonumber(args[3] or "0")
    if pause > 0 then
        delay = function() return pause end
    end
    local i = (id or 0) * 7919
    request = function()
        i = i + 1
        if i % 10 == 0 then
            invalid_sent = invalid_sent + 1
            return invalid[math.floor(i / 10) % #invalid + 1]
        end
        return valid[i % #valid + 1]
    end
end

function response(status, headers, body)
    if status >= 200 and status < 300 then
        s2xx = s2xx + 1
    elseif status >= 400 and status < 500 then
        s4xx = s4xx + 1
    elseif status >= 500 then
        s5xx = s5xx + 1
    else
        other = other + 1
    end
end

function done(summary, latency, requests)
    local t2, t4, t5, to, inv = 0, 0, 0, 0, 0
    for _, t in ipairs(threads) do
        t2 = t2 + (tonumber(t:get("s2xx")) or 0)
        t4 = t4 + (tonumber(t:get("s4xx")) or 0)
        t5 = t5 + (tonumber(t:get("s5xx")) or 0)
        to = to + (tonumber(t:get("other")) or 0)
        inv = inv + (tonumber(t:get("invalid_sent")) or 0)
    end
    local e = summary.errors
    local errors = e.connect + e.read + e.write + e.timeout
    io.write(string.format(
        "RESULT requests=%d duration_us=%d rps=%.1f p50_ms=%.3f p99_ms=%.3f errors=%d " ..
        "s2xx=%d s4xx=%d s5xx=%d other=%d invalid_sent=%d\n",
        summary.requests, summary.duration, summary.requests / (summary.duration / 1e6),
        latency:percentile(50) / 1000, latency:percentile(99) / 1000, errors,
        t2, t4, t5, to, inv))
end
