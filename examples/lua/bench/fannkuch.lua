-- fannkuch.lua: fannkuch-redux (Computer Language Benchmarks Game).
-- Exercises small integer arrays: element swaps, reversal of prefixes,
-- and permutation generation in counting order with alternating sign.
-- N is the permutation length; since the work grows by a factor of about 11
-- from N = 9 to N = 10, the run repeats fannkuch(N) REPS times (arg[2]) to
-- reach a convenient running time.

local N = tonumber(arg and arg[1]) or 9
local REPS = tonumber(arg and arg[2]) or 6

local function fannkuch(n)
  local perm, work, count = {}, {}, {}
  for i = 1, n do
    perm[i], work[i], count[i] = i, i, i
  end
  local sign, maxflips, checksum = 1, 0, 0

  while true do
    -- Count the flips of the current permutation (unless it starts with 1).
    local first = perm[1]
    if first ~= 1 then
      for i = 2, n do
        work[i] = perm[i]
      end
      local flips = 1
      while true do
        local nxt = work[first]
        if nxt == 1 then
          checksum = checksum + sign * flips
          if flips > maxflips then
            maxflips = flips
          end
          break
        end
        work[first] = first
        -- Reverse work[2 .. first-1]; work[1] is tracked in `first`.
        if first >= 4 then
          local i, j = 2, first - 1
          repeat
            work[i], work[j] = work[j], work[i]
            i = i + 1
            j = j - 1
          until i >= j
        end
        first = nxt
        flips = flips + 1
      end
    end

    -- Next permutation.
    if sign == 1 then
      perm[1], perm[2] = perm[2], perm[1]
      sign = -1
    else
      perm[2], perm[3] = perm[3], perm[2]
      sign = 1
      for i = 3, n do
        local c = count[i]
        if c ~= 1 then
          count[i] = c - 1
          break
        end
        if i == n then
          return checksum, maxflips
        end
        count[i] = i
        -- Rotate perm[1 .. i+1] left by one.
        local t = perm[1]
        for j = 1, i do
          perm[j] = perm[j + 1]
        end
        perm[i + 1] = t
      end
    end
  end
end

local checksum, flips = fannkuch(N)
for _ = 2, REPS do
  local c, f = fannkuch(N)
  assert(c == checksum and f == flips, "fannkuch results differ between runs")
end
print(string.format("%d", checksum))
print(string.format("Pfannkuchen(%d) = %d", N, flips))
