-- sieve.lua: sieve of Eratosthenes on a table of booleans, repeated.
-- Exercises array-table stores and loads, numeric for-loops with a step,
-- and boolean tests.

local N = tonumber(arg and arg[1]) or 220

local LIMIT = 100000

local function sieve(limit)
  local is_prime = {}
  for i = 2, limit do
    is_prime[i] = true
  end
  for i = 2, limit do
    if is_prime[i] then
      if i * i > limit then
        break
      end
      for j = i * i, limit, i do
        is_prime[j] = false
      end
    end
  end
  return is_prime
end

local function count_and_sum(is_prime, limit)
  local count, sum, last = 0, 0, 0
  for i = 2, limit do
    if is_prime[i] then
      count = count + 1
      sum = sum + i
      last = i
    end
  end
  return count, sum, last
end

-- Also sieve with a table reused between iterations (reset each time).
local flags = {}
local function sieve_reuse(limit)
  for i = 1, limit do
    flags[i] = true
  end
  flags[1] = false
  local count = 0
  for i = 2, limit do
    if flags[i] then
      count = count + 1
      for j = i + i, limit, i do
        flags[j] = false
      end
    end
  end
  return count
end

local total_count, total_sum, last = 0, 0, 0
local reuse_total = 0
for r = 1, N do
  local limit = LIMIT + (r % 10) * 1000
  local is_prime = sieve(limit)
  local c, s, l = count_and_sum(is_prime, limit)
  total_count = total_count + c
  total_sum = total_sum + s
  last = l
  reuse_total = reuse_total + sieve_reuse(math.floor(limit / 4))
end

print(string.format("primes counted: %d", total_count))
print(string.format("sum of primes: %d", total_sum))
print(string.format("last prime: %d", last))
print(string.format("reuse count: %d", reuse_total))
