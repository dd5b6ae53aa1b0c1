-- intloop.lua: integer arithmetic in tight loops.
-- Exercises nested numeric for-loops, integer `%` and floor division, while-loops
-- with data-dependent branches (collatz), and gcd via repeated modulo.
-- LuaJIT / Lua 5.1 twin of intloop.lua: `a // b` is written math.floor(a / b).

local N = tonumber(arg and arg[1]) or 2400

-- Nested loops summing remainders and quotients.
local function nested(n)
  local s = 0
  for i = 1, n do
    for j = 1, 1000 do
      s = s + (i * j) % 7 + math.floor((i + j) / 3) - math.floor(j / 5) % 11
    end
  end
  return s
end

-- Number of steps for the collatz sequence starting at n to reach 1.
local function collatz_len(n)
  local steps = 0
  while n ~= 1 do
    if n % 2 == 0 then
      n = math.floor(n / 2)
    else
      n = 3 * n + 1
    end
    steps = steps + 1
  end
  return steps
end

-- Longest collatz chain among starting values below limit.
local function longest_collatz(limit)
  local best, best_start, total = 0, 1, 0
  for start = 1, limit - 1 do
    local len = collatz_len(start)
    total = total + len
    if len > best then
      best, best_start = len, start
    end
  end
  return best_start, best, total
end

local function gcd(a, b)
  while b ~= 0 do
    a, b = b, a % b
  end
  return a
end

-- Sum of gcd(i, j) over a triangle of pairs.
local function gcd_sum(n)
  local s = 0
  for i = 1, n do
    for j = 1, i do
      s = s + gcd(i, j)
    end
  end
  return s
end

-- Digit sums of all numbers in a range, using floor division and % by 10.
local function digit_sums(n)
  local s = 0
  for i = 1, n do
    local x = i * 7919
    while x > 0 do
      s = s + x % 10
      x = math.floor(x / 10)
    end
  end
  return s
end

local a = nested(N)
local start, len, total = longest_collatz(N * 100)
local g = gcd_sum(N)
local d = digit_sums(N * 200)

print(string.format("nested: %d", a))
print(string.format("collatz: start=%d len=%d total=%d", start, len, total))
print(string.format("gcdsum: %d", g))
print(string.format("digits: %d", d))
