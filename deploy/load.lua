-- wrk script for `deploy/loadtest.py`: rotate through a file of URL paths, count the
-- answers by HTTP status, and print the figures as `loadtest key=value ...` lines.
-- Arguments after wrk's `--`: the path file, then how many threads wrk runs.

local threads = {}

function setup(thread)
    -- Each thread starts at its own place in the list, so no two send the same paths.
    thread:set("thread_number", #threads)
    table.insert(threads, thread)
end

function init(args)
    paths = {}
    for line in io.lines(args[1]) do
        if line ~= "" then
            paths[#paths + 1] = line
        end
    end
    local thread_count = tonumber(args[2]) or 1
    position = math.floor(#paths * thread_number / thread_count) + 1
    statuses = {}
end

function request()
    local path = paths[position]
    position = position % #paths + 1
    return wrk.format("GET", path)
end

function response(status, headers, body)
    statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
    local errors = summary.errors
    io.write(string.format(
        "loadtest requests=%d duration_us=%d p50_us=%d p90_us=%d p99_us=%d max_us=%d "
            .. "connect=%d read=%d write=%d status=%d timeout=%d\n",
        summary.requests, summary.duration,
        latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
        errors.connect, errors.read, errors.write, errors.status, errors.timeout
    ))
    local totals = {}
    for _, thread in ipairs(threads) do
        for status, count in pairs(thread:get("statuses")) do
            totals[status] = (totals[status] or 0) + count
        end
    end
    local codes = {}
    for status in pairs(totals) do
        codes[#codes + 1] = status
    end
    table.sort(codes)
    local fields = {}
    for _, status in ipairs(codes) do
        fields[#fields + 1] = string.format("%d=%d", status, totals[status])
    end
    io.write("loadtest statuses " .. table.concat(fields, " ") .. "\n")
end
