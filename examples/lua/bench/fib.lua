-- fib.lua: doubly recursive fibonacci.
-- Exercises function calls and returns, comparisons and integer addition.
-- Computes fib(N) with a local recursive function, a global function and a
-- method call on a table, so several call paths are measured.

local N = tonumber(arg and arg[1]) or 34

local function fib(n)
  if n < 2 then
    return n
  end
  return fib(n - 1) + fib(n - 2)
end

function gfib(n)
  if n < 2 then
    return n
  end
  return gfib(n - 1) + gfib(n - 2)
end

local Fib = {}
Fib.__index = Fib

function Fib.new(base)
  return setmetatable({ base = base }, Fib)
end

function Fib:compute(n)
  if n < self.base then
    return n
  end
  return self:compute(n - 1) + self:compute(n - 2)
end

-- Iterative version, used as a check.
local function fib_iter(n)
  local a, b = 0, 1
  for _ = 1, n do
    a, b = b, a + b
  end
  return a
end

local r1 = fib(N)
local r2 = gfib(N - 1)
local r3 = Fib.new(2):compute(N - 2)
print(string.format("fib(%d) = %d", N, r1))
print(string.format("gfib(%d) = %d", N - 1, r2))
print(string.format("method fib(%d) = %d", N - 2, r3))
print(string.format("check: %s", tostring(r1 == fib_iter(N) and r2 == fib_iter(N - 1)
  and r3 == fib_iter(N - 2))))
