-- closures.lua: heavy use of closures and higher-order functions.
-- Exercises closure creation inside loops, upvalue reads and writes
-- (shared and per-closure), calls through function values, and
-- map/filter/reduce/compose written in Lua.

local N = tonumber(arg and arg[1]) or 28000

local function map(f, t)
  local r = {}
  for i = 1, #t do
    r[i] = f(t[i])
  end
  return r
end

local function filter(p, t)
  local r, n = {}, 0
  for i = 1, #t do
    local v = t[i]
    if p(v) then
      n = n + 1
      r[n] = v
    end
  end
  return r
end

local function reduce(f, acc, t)
  for i = 1, #t do
    acc = f(acc, t[i])
  end
  return acc
end

local function compose(f, g)
  return function(x) return f(g(x)) end
end

local function adder(k)
  return function(x) return x + k end
end

local function multiplier(k)
  return function(x) return x * k end
end

-- A counter object made of closures sharing one upvalue.
local function make_counter(start)
  local count = start
  return {
    inc = function(d) count = count + (d or 1); return count end,
    get = function() return count end,
    reset = function() count = start end,
  }
end

-- Accumulator generator (Paul Graham's classic).
local function accumulator(n)
  return function(i)
    n = n + i
    return n
  end
end

-- Memoizing wrapper: the cache lives in an upvalue.
local function memoize(f)
  local cache = {}
  return function(x)
    local v = cache[x]
    if v == nil then
      v = f(x)
      cache[x] = v
    end
    return v
  end
end

local data = {}
for i = 1, 200 do
  data[i] = i
end

local is_even = function(x) return x % 2 == 0 end
local add = function(a, b) return a + b end

local total = 0
local counter = make_counter(0)
for round = 1, N do
  -- fresh closures every round
  local f = compose(adder(round % 10), multiplier(3))
  local g = compose(f, adder(-1))
  local mapped = map(g, data)
  local evens = filter(is_even, mapped)
  total = total + reduce(add, 0, evens)

  -- closures created in an inner loop, each capturing its own loop variable
  local fns = {}
  for i = 1, 20 do
    fns[i] = function(x) return x * i + round end
  end
  local s = 0
  for i = 1, 20 do
    s = s + fns[i](i)
  end
  total = total + s % 1000

  -- shared upvalue updated through several closures
  counter.inc()
  counter.inc(round % 3)
  if round % 97 == 0 then
    counter.reset()
  end

  local acc = accumulator(round)
  for i = 1, 10 do
    acc(i)
  end
  total = total + acc(0)
end

-- memoized recursive function (closure refers to itself through an upvalue)
local fibm
fibm = memoize(function(n)
  if n < 2 then return n end
  return fibm(n - 1) + fibm(n - 2)
end)

print(string.format("total: %d", total))
print(string.format("counter: %d", counter.get()))
print(string.format("fib(70) memo: %d", fibm(70)))
