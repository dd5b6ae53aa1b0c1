-- closures capturing locals: counters
local function makeCounter(start, step)
  local n = start or 0
  step = step or 1
  return function()
    n = n + step
    return n
  end
end
local c1 = makeCounter()
local c2 = makeCounter(100, 10)
print(c1(), c1(), c1())
print(c2(), c2())
print(c1(), c2())
local function counterPair()
  local count = 0
  local function inc() count = count + 1; return count end
  local function get() return count end
  local function reset() count = 0 end
  return inc, get, reset
end
local inc, get, reset = counterPair()
inc(); inc(); inc()
print(get())
reset()
print(get(), inc())
local x = 1
local function addX(y) return x + y end
print(addX(1))
x = 10
print(addX(1))
